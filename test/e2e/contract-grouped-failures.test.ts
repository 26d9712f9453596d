/**
 * Issue 21, item 5: one cause behind many failed cases is one problem in every report. The
 * built CLI runs against a small node:http server that answers a create without the `createdAt`
 * its document requires (everything else conforms), so every case whose requests include a create
 * fails for that one reason: the cases of createNotebook and those of the other operations whose
 * fixture is a create (and whose last request is the clean-up DELETE). Needs `npm run build` first.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import type { Problem } from '../../src/reporting/problems.js';
import { runContract } from '../helpers/contract-cli.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/runner/missing-field.json', import.meta.url));

interface Notebook {
  id: number;
  title: string;
  pages?: number;
  shelf?: number;
}

const BOUNDS: Record<string, [number, number]> = { pages: [0, 500], shelf: [1, 99] };

/** A create's or replacement's body (title required) or a merge patch's, as the document allows; else undefined. */
function notebookInput(raw: string, titleRequired: boolean): Partial<Notebook> | undefined {
  let input: unknown;
  try {
    input = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const fields = input as Record<string, unknown>;
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'title') {
      // Lengths in code points, as JSON Schema counts them (the runner sends emoji since decision 069).
      if (typeof value !== 'string' || [...value].length < 1 || [...value].length > 40) return undefined;
    } else {
      const bounds = BOUNDS[name];
      if (!bounds || !Number.isInteger(value) || (value as number) < bounds[0] || (value as number) > bounds[1]) return undefined;
    }
  }
  if (titleRequired && fields.title === undefined) return undefined;
  return fields as Partial<Notebook>;
}

/** Notebooks kept in memory; requests checked as the document says; a create's answer lacks `createdAt`. */
function notebooksServer(): Server {
  const notebooks = new Map<number, Notebook>();
  let nextId = 1;
  return createServer((req, res) => {
    const send = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers });
      res.end(body !== undefined ? JSON.stringify(body) : undefined);
    };
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/notebooks' && req.method === 'GET') return send(200, [...notebooks.values()]);
      if (url.pathname === '/notebooks' && req.method === 'POST') {
        const input = notebookInput(raw, true);
        if (!input) return send(400, { message: 'invalid notebook' });
        const notebook = { id: nextId++, ...input } as Notebook;
        notebooks.set(notebook.id, notebook);
        // The defect: the document requires createdAt in this answer.
        return send(201, notebook, { location: `/notebooks/${notebook.id}` });
      }
      const item = /^\/notebooks\/([^/]+)$/.exec(url.pathname);
      if (item && ['GET', 'PUT', 'PATCH', 'DELETE'].includes(req.method ?? '')) {
        const id = Number(item[1]);
        if (!/^\d+$/.test(item[1]!) || id < 1) return send(400, { message: 'invalid id' });
        const notebook = notebooks.get(id);
        if (!notebook) return send(404, { message: 'no such notebook' });
        if (req.method === 'GET') return send(200, notebook);
        if (req.method === 'DELETE') {
          notebooks.delete(id);
          return send(204);
        }
        const input = notebookInput(raw, req.method === 'PUT');
        if (!input) return send(400, { message: 'invalid notebook' });
        const updated = { ...(req.method === 'PATCH' ? notebook : {}), ...input, id } as Notebook;
        notebooks.set(id, updated);
        return send(200, updated);
      }
      if (req.method === 'HEAD') return send(404);
      // A 405 names the methods the path takes (RFC 9110 section 15.5.6; allow_header_conformance).
      if (url.pathname === '/notebooks') return send(405, { message: 'not here' }, { allow: 'GET, POST' });
      if (item) return send(405, { message: 'not here' }, { allow: 'GET, PUT, PATCH, DELETE' });
      return send(404, { message: 'not here' });
    });
  });
}

describe('failures grouped by cause, through the built CLI against a real server', () => {
  let server: Server;
  let baseUrl: string;
  let out: string;
  let run: { code: number | null; stdout: string; stderr: string };
  let report: RunSummary & { problems: Problem[] };

  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'grouped-'));
    server = notebooksServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    run = await runContract(['--base-url', baseUrl, '--spec', DOCUMENT, '--seed', '1', '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', out]);
    report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  }, 120_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await rm(out, { recursive: true, force: true });
  });

  it('exits 1, and report.json keeps every case and adds one problem listing every failed case', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(report.cases).toHaveLength(report.totals.cases);
    const failed = report.cases.filter((c) => c.status === 'failed');
    expect(failed.length).toBe(report.totals.failed);
    // Enough cases that listing each, as the console did, buries the cause.
    expect(failed.length).toBeGreaterThan(10);
    // Several operations' cases fail, each through its create fixture.
    expect(new Set(failed.map((c) => c.operationId)).size).toBeGreaterThan(1);
    expect(report.problems).toHaveLength(1);
    const [problem] = report.problems as [Problem];
    expect(problem).toMatchObject({ operationId: 'createNotebook', location: '$.createdAt', count: failed.length });
    expect(problem.cases.map((c) => c.id)).toEqual(failed.map((c) => c.id));
    for (const c of problem.cases) {
      expect(report.cases[c.index]!.id).toBe(c.id);
      expect(c.request).toMatchObject({ method: 'POST', status: 201, operationId: 'createNotebook' });
      expect(c.request!.url).toBe(`${baseUrl}/notebooks`);
    }
  });

  it('leads the console with the one problem and names the create that failed, never the clean-up DELETE', () => {
    const { check, count } = report.problems[0]!;
    const text = run.stdout;
    const problems = text.slice(text.indexOf('Problems ('), text.indexOf('Results by operation'));
    expect(text.indexOf('Problems (1)')).toBeGreaterThan(-1);
    expect(problems).toContain(`Problems (1), in ${count} failed cases`);
    expect(problems).toContain(`1) ${check} on createNotebook at $.createdAt: ${count} cases`);
    expect(problems).toContain(`request   POST ${baseUrl}/notebooks -> 201`);
    expect(problems).not.toMatch(/request +DELETE/);
    expect(problems).toContain(`… and ${count - 10} more (the json, junit and html reports list every case)`);
    // One block, not one per case: the whole problems section stays short.
    expect(problems.split('\n').length).toBeLessThan(25);
  });

  it('leads junit.xml with a problems suite whose one testcase lists every case', async () => {
    const { check, count } = report.problems[0]!;
    const xml = await readFile(join(out, 'junit.xml'), 'utf8');
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) });
    const suites = parser.parse(xml).testsuites.testsuite as Record<string, unknown>[];
    expect(suites[0]).toMatchObject({ name: 'problems', tests: '1', failures: '1' });
    const [testcase] = suites[0]!.testcase as Record<string, unknown>[];
    expect(testcase!.name).toBe(`${check} on createNotebook at $.createdAt (${count} cases)`);
    const details = (testcase!.failure as Record<string, string>)['#text']!;
    expect(details).toContain(`request:  POST ${baseUrl}/notebooks -&gt; 201`.replace('-&gt;', '->'));
    expect(details.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(count);
    // Every case is still there, in its operation's suite.
    const testcases = suites.slice(1).flatMap((s) => s.testcase as unknown[]);
    expect(testcases).toHaveLength(report.totals.cases);
  });

  it('leads report.html with the problem, linking each of its cases', async () => {
    const { count } = report.problems[0]!;
    const page = await readFile(join(out, 'report.html'), 'utf8');
    expect(page.indexOf('id="problems"')).toBeLessThan(page.indexOf('id="operations"'));
    expect(page).toContain(`<strong>1 problem in ${count} failed cases</strong>`);
    expect(page).toContain(`request <code>POST ${baseUrl}/notebooks -&gt; 201</code>`);
    const list = page.slice(page.indexOf('<ol class="problem-cases">'), page.indexOf('</ol>', page.indexOf('<ol class="problem-cases">')));
    const links = [...list.matchAll(/<a href="#(case-\d+)">/g)].map((m) => m[1]);
    expect(links).toHaveLength(count);
    for (const anchor of links) expect(page).toContain(`id="${anchor}"`);
  });
});
