import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, expect } from 'vitest';

/*
 * Hostile targets for the contract runner: small node:http servers on 127.0.0.1:0 that answer
 * as an attacker (or a badly broken API) would, and a way to run the built CLI against them
 * as a CI job does, measuring the child's peak memory.
 */

export const MiB = 1024 * 1024;
/** A key shaped like a real staging key, long enough that finding it in a file means a leak. */
export const STAGING_KEY = 'stg-live-7Hq2xV9pLm4RtW8zKc3N';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface Target {
  url: string;
  /** Every request the target received, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startTarget(handler: Handler): Promise<Target> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A `start(handler)` for a test file: every target it starts is closed after each test. */
export function useTargets(): (handler: Handler) => Promise<Target> {
  const open: Target[] = [];
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
  });
  return async (handler) => {
    const t = await startTarget(handler);
    open.push(t);
    return t;
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** A plausible category answer for each method, so the runner gets as far as following links. */
function categoryAnswer(req: IncomingMessage, res: ServerResponse, extra: { created?: Record<string, string>; gone?: Record<string, string>; other?: Record<string, string> }): void {
  const path = (req.url ?? '/').split('?')[0]!;
  if (req.method === 'HEAD') return void res.writeHead(200).end();
  if (req.method === 'POST') return json(res, 201, { id: 1, name: 'bird' }, extra.created);
  if (req.method === 'GET' && /^\/categories\/\d+$/.test(path)) return json(res, 410, { code: 'gone', message: 'moved', status: 410 }, extra.gone);
  if (req.method === 'GET') return json(res, 200, [{ id: 1, name: 'bird' }], { 'x-total-count': '1' });
  return json(res, 204, {}, extra.other);
}

/**
 * Every link it gives names `foreign`: a 201's Location, a 410's successor-version Link, and a
 * 307 redirect for everything else it does not understand.
 */
export function crossOriginLinks(foreign: string): Handler {
  return (req, res) => {
    if (req.method === 'DELETE' || req.method === 'PUT') {
      res.writeHead(307, { location: `${foreign}/categories/1` });
      return void res.end();
    }
    categoryAnswer(req, res, {
      created: { location: `${foreign}/categories/1` },
      gone: { link: `<${foreign}/categories>; rel="successor-version"` },
    });
  };
}

/** A lazily generated body of `bytes` bytes (never held whole), gzip-compressed on the fly when asked. */
export function hugeBody(options: { bytes: number; gzip?: boolean; status?: number }): Handler {
  return (req, res) => {
    if (req.method === 'HEAD') return void res.writeHead(200).end();
    const chunk = Buffer.from(options.gzip ? '0'.repeat(64 * 1024) : `"${'x'.repeat(64 * 1024 - 2)}"`);
    let left = options.bytes;
    const source = new Readable({
      read() {
        if (left <= 0) return void this.push(null);
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= piece.length;
        this.push(piece);
      },
    });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.gzip) headers['content-encoding'] = 'gzip';
    res.writeHead(options.status ?? 200, headers);
    const body = options.gzip ? source.pipe(createGzip({ level: 1 })) : source;
    body.pipe(res);
    res.on('close', () => source.destroy());
  };
}

/** An array nested `depth` levels deep, on every answer. */
export function deepJson(depth: number): Handler {
  const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return (req, res) => {
    if (req.method === 'HEAD') return void res.writeHead(200).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  };
}

/** Answers at once, then sends its body one byte every `everyMs`, for `bytes` bytes. */
export function slowDrip(options: { everyMs: number; bytes: number }): Handler {
  return (req, res) => {
    if (req.method === 'HEAD') return void res.writeHead(200).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    let sent = 0;
    const timer = setInterval(() => {
      sent += 1;
      if (sent >= options.bytes) {
        clearInterval(timer);
        res.end(' ');
      } else res.write(' ');
    }, options.everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** Echoes every request header it got (the key among them) in its body, its headers and its error messages. */
export function echoKeys(): Handler {
  return (req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    const echoed = { 'x-echo-key': key, 'x-echo-url': req.url ?? '', [`x-${key.toLowerCase().replace(/[^a-z0-9-]/g, '')}`]: 'key as a header name' };
    if (req.method === 'HEAD') return void res.writeHead(200, echoed).end();
    const status = req.method === 'GET' ? 200 : 400;
    json(res, status, { code: 'echo', message: `key ${key} is not welcome at ${req.url}`, status, echo: { headers: req.headers, [key]: key } }, echoed);
  };
}

/** C0, C1 (U+009B, a terminal's CSI) and bidi overrides (U+202E) in bodies, headers and messages. */
export const HOSTILE_CHARS = '\u0007\u001b[2J\u009b31m\u202etxt.exe\u2066\u0085';
export function controlCharacters(): Handler {
  return (req, res) => {
    if (req.method === 'HEAD') return void res.writeHead(200).end();
    const headers = { 'x-hostile': encodeURIComponent(HOSTILE_CHARS), 'content-language': 'en' };
    if (req.method === 'GET') return json(res, 200, [{ id: 1, name: `bird${HOSTILE_CHARS}`, [`key${HOSTILE_CHARS}`]: HOSTILE_CHARS }], headers);
    json(res, 418, { code: `bad${HOSTILE_CHARS}`, message: `hostile ${HOSTILE_CHARS}`, [`key${HOSTILE_CHARS}`]: HOSTILE_CHARS }, headers);
  };
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The child's peak resident set size, in MiB. */
  peakRssMiB: number;
  out: string;
}

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/**
 * Runs the built CLI (`petstore-kit contract ...`) in a child process with every reporter, as a
 * CI job would, and reads back the child's peak RSS (written by a preload at exit).
 */
export async function runCli(args: string[], options: { timeoutMs?: number } = {}): Promise<CliRun> {
  if (!existsSync(MAIN)) throw new Error('dist/cli/main.js is missing: run `npm run build` first');
  const dir = await mkdtemp(join(tmpdir(), 'runner-hostile-'));
  const out = join(dir, 'report');
  const preload = join(dir, 'peak-rss.mjs');
  const rssFile = join(dir, 'peak-rss.txt');
  await writeFile(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
  const reporters = ['console', 'json', 'junit', 'html'].flatMap((r) => ['--reporter', r]);
  const child = spawn(process.execPath, ['--import', preload, MAIN, 'contract', ...reporters, '--out', out, ...args], { env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  clearTimeout(timer);
  const rssKiB = existsSync(rssFile) ? Number(await readFile(rssFile, 'utf8')) : NaN;
  return { code, signal, stdout, stderr, peakRssMiB: Math.round(rssKiB / 1024), out };
}

export interface Reports {
  json: { totals: Record<string, number>; cases: { id: string; status: string; reason?: string; failures: { check: string; message: string }[] }[]; stoppedEarly?: string };
  jsonText: string;
  junit: string;
  html: string;
  /** Every file of the report folder, as text. */
  all: string;
}

/** The four report files, present and well-formed: JSON parses, JUnit is valid XML with the same counts, HTML is complete. */
export async function readReports(out: string): Promise<Reports> {
  const files = (await readdir(out)).sort();
  expect(files).toEqual(expect.arrayContaining(['junit.xml', 'report.html', 'report.json']));
  const jsonText = await readFile(join(out, 'report.json'), 'utf8');
  const junit = await readFile(join(out, 'junit.xml'), 'utf8');
  const html = await readFile(join(out, 'report.html'), 'utf8');
  const json = JSON.parse(jsonText) as Reports['json'];
  expect(json.cases.length).toBe(json.totals['cases']);
  expect(XMLValidator.validate(junit)).toBe(true);
  const suites = new XMLParser({ ignoreAttributes: false }).parse(junit) as { testsuites: Record<string, string> };
  // JUnit leads with a `problems` suite, one testcase per problem (decision 067), then every case.
  const problems = ((json as unknown as { problems?: unknown[] }).problems ?? []).length;
  expect(Number(suites.testsuites['@_tests'])).toBe(Number(json.totals['cases']) + problems);
  expect(Number(suites.testsuites['@_skipped'])).toBe(json.totals['skipped']);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
  const all = (await Promise.all(files.map((f) => readFile(join(out, f), 'utf8')))).join('\n');
  return { json, jsonText, junit, html, all };
}

/** The petstore operations a hostile run uses: a create, a read, a list and a delete (a few dozen cases). */
export const CATEGORY_RUN = ['listCategories', 'createCategory', 'getCategoryById', 'deleteCategory'].flatMap((id) => ['--operation', id]);
