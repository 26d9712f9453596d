/**
 * The named checks through the built CLI (`npm run build` first): --list-checks, --checks,
 * --exclude-checks and --max-response-time, against the blind Petstore (test/fixtures/blind-petstore)
 * run as its own process, and a small slow server. Every failure names its registry check in
 * every report (console, JSON, JUnit, HTML).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';

const BLIND_SERVER = fileURLToPath(new URL('../fixtures/blind-petstore/server.mjs', import.meta.url));
const SCHEMATHESIS_NAMES = [
  'not_a_server_error', 'status_code_conformance', 'content_type_conformance', 'response_headers_conformance', 'response_schema_conformance',
  'negative_data_rejection', 'positive_data_acceptance', 'missing_required_header', 'unsupported_method', 'allow_header_conformance',
  'use_after_free', 'ensure_resource_availability', 'ignored_auth', 'max_response_time',
];

/** The blind Petstore as a process of its own, with the defects named. */
async function startBlind(defects: string[]): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [BLIND_SERVER, '--port', '0', ...(defects.length ? ['--defects', defects.join(',')] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the blind Petstore exited ${code}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill()))) };
}

/** A server that counts what it is sent; `delayMs` holds each answer that long (by the server's timer, not the test's). */
async function startCounting(delayMs = 0): Promise<{ url: string; count: () => number; server: Server }> {
  let count = 0;
  const server = createServer((_req, res) => {
    count += 1;
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => count, server };
}

const SLOW_DOCUMENT = `openapi: 3.0.3
info: { title: Slow, version: '1' }
paths:
  /slow:
    get:
      operationId: getSlow
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, properties: { ok: { type: boolean } } }
`;

let out: string;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'contract-checks-'));
});
afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe('contract --list-checks', () => {
  it('prints one line per check (name, what it checks, its basis), exit 0, and sends nothing', async () => {
    const target = await startCounting();
    try {
      const run = await runContract(['--list-checks', '--base-url', target.url, '--api-key', 'k']);
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n');
      const names = lines.map((line) => line.split(/\s+/)[0]);
      expect(names).toEqual(expect.arrayContaining([...SCHEMATHESIS_NAMES, 'status-expected', 'location', 'state-created', 'list-total', 'rate-limit-countdown', 'success-criteria']));
      for (const line of lines) expect(line).toMatch(/^\S+ +\S.* \(basis: .+\)$/);
      expect(lines.find((l) => l.startsWith('unsupported_method '))).toContain('RFC 9110 section 15.5.6');
      expect(target.count()).toBe(0);
    } finally {
      target.server.close();
    }
  });

  it('refuses an unknown check name with exit 2 and the list of names', async () => {
    for (const flag of ['--checks', '--exclude-checks']) {
      const run = await runContract(['--base-url', 'http://127.0.0.1:9', '--api-key', 'k', flag, 'status_code_conformance,no_such_check']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag}: unknown check no_such_check; the checks are not_a_server_error, status_code_conformance`);
    }
  });
});

describe('a 405 without Allow (the blind Petstore, defect method-not-allowed-no-allow)', () => {
  const args = (url: string, reports: string) => ['--base-url', url, '--api-key', 'demo-enterprise', '--phases', 'negative', '--operation', 'getPetById', '--out', reports];

  it('is caught by allow_header_conformance, named in the console, JSON, JUnit and HTML reports', async () => {
    const server = await startBlind(['method-not-allowed-no-allow']);
    const reports = join(out, 'no-allow');
    try {
      const run = await runContract([...args(server.url, reports), '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html']);
      expect(run.code).toBe(1);
      const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunSummary;
      const failures = report.cases.flatMap((c) => c.failures.map((f) => ({ id: c.id, check: f.check, actual: f.actual })));
      expect(failures).toEqual([{ id: 'getPetById/negative/unsupported-method:post', check: 'allow_header_conformance', actual: 'absent' }]);
      expect(run.stdout).toContain('allow_header_conformance');
      expect(await readFile(join(reports, 'junit.xml'), 'utf8')).toContain('allow_header_conformance');
      expect(await readFile(join(reports, 'report.html'), 'utf8')).toContain('allow_header_conformance');
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('passes on the server without the defect, whose 405 carries Allow: GET, PATCH, PUT, DELETE', async () => {
    const server = await startBlind([]);
    const reports = join(out, 'clean');
    try {
      const run = await runContract([...args(server.url, reports), '--reporter', 'json']);
      const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunSummary;
      const unsupported = report.cases.find((c) => c.id === 'getPetById/negative/unsupported-method:post')!;
      expect(unsupported.status).toBe('passed');
      const answer = unsupported.exchanges.find((e) => e.request.method === 'POST' && /\/pets\/\d+$/.test(e.request.url))!.response;
      expect([answer.status, answer.headers['allow']?.split(', ').sort()]).toEqual([405, ['DELETE', 'GET', 'PATCH', 'PUT']]);
      expect(run.code).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('is not reported with --exclude-checks allow_header_conformance, nor with --checks naming other checks only', async () => {
    const server = await startBlind(['method-not-allowed-no-allow']);
    try {
      for (const [flag, value] of [['--exclude-checks', 'allow_header_conformance'], ['--checks', 'unsupported_method,status_code_conformance']]) {
        const reports = join(out, `selected${flag}`);
        const run = await runContract([...args(server.url, reports), '--reporter', 'json', flag!, value!]);
        const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunSummary;
        expect({ flag, failures: report.cases.flatMap((c) => c.failures.map((f) => f.check)), code: run.code }).toEqual({ flag, failures: [], code: 0 });
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('contract --max-response-time', () => {
  it('fails an answer slower than the limit with max_response_time, and passes it under a larger limit or without the flag', async () => {
    const target = await startCounting(300);
    const spec = join(out, 'slow.yaml');
    await writeFile(spec, SLOW_DOCUMENT);
    try {
      const outcome = async (extra: string[]) => {
        const reports = join(out, `time${extra.join('')}`);
        const run = await runContract(['--spec', spec, '--base-url', target.url, '--phases', 'examples', '--reporter', 'json', '--out', reports, ...extra]);
        const report = JSON.parse(await readFile(join(reports, 'report.json'), 'utf8')) as RunSummary;
        return { code: run.code, checks: [...new Set(report.cases.flatMap((c) => c.failures.map((f) => f.check)))] };
      };
      expect(await outcome(['--max-response-time', '100'])).toEqual({ code: 1, checks: ['max_response_time'] });
      expect(await outcome(['--max-response-time', '20000'])).toEqual({ code: 0, checks: [] });
      expect(await outcome([])).toEqual({ code: 0, checks: [] });
      const needsLimit = await runContract(['--spec', spec, '--base-url', target.url, '--checks', 'max_response_time']);
      expect(needsLimit.code).toBe(2);
      expect(needsLimit.stderr).toContain('--checks max_response_time needs --max-response-time MS');
    } finally {
      target.server.close();
    }
  }, 60_000);
});
