import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { createLogger, type Logger } from '../../src/http/request-log.js';
import { startMock, type RunningMock, type StartMockOptions } from '../../src/http/start-mock.js';
import { parseKeyConfig, type KeyConfig } from '../../src/rate-limit/key-config.js';
import { checkInvariants } from '../../src/packs/petstore/store/invariants.js';

/*
 * What every hostile test checks after its group of requests: the server still answers, every
 * error was the Error object with `status` equal to the HTTP status, nothing was a 5xx, no body
 * showed a stack or a server path, the store invariants hold and no prototype was polluted.
 */

/** A key with limits no hostile group reaches: the groups test input handling, not rate limits. */
export const KEY = 'hostile-unlimited-key-7f3a9c';
export const MiB = 1024 * 1024;
/** 2026-11-22T10:00:30Z, as in the harness: 30 s into a minute, before the sunset. */
export const T0 = Date.parse('2026-11-22T10:00:30.000Z');

/** What a body must never show a client: stack frames, source files, paths on the server. */
export const LEAK = /\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|\.(ts|js|mjs|cjs):\d+|\/work\/|\/src\/|node_modules|file:\/\//;
const ERROR_FIELDS = new Set(['code', 'message', 'status', 'details']);

export function hostileConfig(extra: Record<string, unknown> = {}): KeyConfig {
  return parseKeyConfig({ keys: [{ key: KEY, plan: 'Enterprise', perMinute: 100_000_000, perDay: 100_000_000 }], ...extra }, 'hostile-config.json');
}

/** The prototypes a payload could pollute, with their own property names before any test ran. */
const PROTOTYPES: [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];
const PRISTINE = new Map(PROTOTYPES.map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]));

export function pollutedPrototypes(): string[] {
  const problems: string[] = [];
  for (const [name, proto] of PROTOTYPES) {
    const now = Reflect.ownKeys(proto).map(String).sort();
    const before = PRISTINE.get(name)!;
    const added = now.filter((k) => !before.includes(k));
    if (added.length) problems.push(`${name} gained ${added.join(', ')}`);
  }
  const probe = {} as Record<string, unknown>;
  for (const name of ['polluted', 'isAdmin', 'admin', 'hacked', 'x']) if (probe[name] !== undefined) problems.push(`({}).${name} is ${String(probe[name])}`);
  return problems;
}

export interface Answer {
  status: number;
  /** Lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  text: string;
}

/** Problems with one answer: a 5xx, an error that is not the Error object, a leak. Empty when sound. */
export function answerProblems(answer: Answer, where: string): string[] {
  const problems: string[] = [];
  const at = `${where} -> ${answer.status}`;
  if (answer.status >= 500) problems.push(`${at}: a 5xx: ${answer.text.slice(0, 200)}`);
  if (LEAK.test(answer.text)) problems.push(`${at}: the body leaks internals: ${answer.text.slice(0, 300)}`);
  // A wildcard origin with credentials is refused by browsers, and no origin may have credentials here.
  if (answer.headers['access-control-allow-credentials'] !== undefined) problems.push(`${at}: Access-Control-Allow-Credentials sent`);
  if (answer.status >= 400) {
    const type = (answer.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (type !== 'application/json') problems.push(`${at}: content type ${answer.headers['content-type']}`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      problems.push(`${at}: the body is not JSON: ${JSON.stringify(answer.text.slice(0, 100))}`);
      return problems;
    }
    const b = body as Record<string, unknown>;
    const ok =
      typeof body === 'object' && body !== null && !Array.isArray(body) &&
      Object.keys(b).every((k) => ERROR_FIELDS.has(k)) &&
      typeof b.code === 'string' && /^[a-z][a-z_]*$/.test(b.code) &&
      typeof b.message === 'string' && b.message.length > 0 &&
      b.status === answer.status &&
      (b.details === undefined || (Array.isArray(b.details) && b.details.every((d) => typeof d?.path === 'string' && typeof d?.message === 'string')));
    if (!ok) problems.push(`${at}: not the Error object with status ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return problems;
}

export interface HostileMock extends RunningMock {
  /** The clock sessions follow until moved (it stands at T0). */
  clock: ManualClock;
  /** Every problem `send` and `raw` found so far (asserted empty by `expectHealthy`). */
  problems: string[];
  /** What the mock logged (request lines on `out`, internal errors on `err`). */
  logged(): { out: string; err: string };
  /** fetch without the document checks of the harness (hostile input gets hostile answers). */
  send(method: string, path: string, options?: SendOptions): Promise<Answer>;
  /** Writes bytes on a raw socket and reads the answers (see rawExchange). */
  raw(chunks: RawChunk[], options?: RawOptions): Promise<RawResult>;
}

export interface SendOptions {
  headers?: Record<string, string>;
  body?: string | Buffer | Uint8Array;
  /** null sends no X-API-Key; default KEY. */
  key?: string | null;
  session?: string;
}

export async function startHostileMock(options: StartMockOptions = {}): Promise<HostileMock> {
  const out = new PassThrough();
  const err = new PassThrough();
  let outText = '';
  let errText = '';
  out.on('data', (d: Buffer) => (outText += d.toString()));
  err.on('data', (d: Buffer) => (errText += d.toString()));
  const logger: Logger = createLogger('info', out, err);
  const clock = new ManualClock(T0);
  // startMock itself, not the harness's startTestMock: hostile answers are checked here, not by
  // the document-conformance checks the harness runs on every answer.
  const mock = await startMock({ clock, delay: async () => {}, config: hostileConfig(), logger, ...options });
  const problems: string[] = [];
  const logged = () => {
    logger.flush();
    return { out: outText, err: errText };
  };
  const send = async (method: string, path: string, opts: SendOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key !== null) headers['X-API-Key'] ??= opts.key ?? KEY;
    if (opts.session) headers['X-Mock-Session'] = opts.session;
    const res = await fetch(mock.url + path, { method, headers, body: opts.body as RequestInit["body"] });
    const answer: Answer = { status: res.status, headers: {}, text: await res.text() };
    res.headers.forEach((value, name) => (answer.headers[name] = value));
    problems.push(...answerProblems(answer, `${method} ${path.slice(0, 80)}`));
    return answer;
  };
  const raw = async (chunks: RawChunk[], rawOptions: RawOptions = {}): Promise<RawResult> => {
    const result = await rawExchange(mock.port, chunks, rawOptions);
    result.answers.forEach((a, i) => problems.push(...answerProblems(a, `raw #${i} ${String(chunks[0]).slice(0, 60).replace(/\r\n/g, ' ')}`)));
    return result;
  };
  return Object.assign(mock, { clock, problems, logged, send, raw });
}

/** A hostile mock for the enclosing describe: started before its tests, closed after them. */
export function useHostileMock(options: StartMockOptions = {}): HostileMock {
  const handle = {} as HostileMock;
  beforeAll(async () => {
    Object.assign(handle, await startHostileMock(options));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

/**
 * After a group: the server answers `GET /pets` 200, no answer so far had a problem, the
 * store invariants hold in every session named (and the default one), the API agrees with
 * itself (one inventory entry per pet, with the pet's status), no prototype gained a property,
 * and nothing was logged as an internal error.
 */
export async function expectHealthy(mock: HostileMock, sessions: readonly string[] = []): Promise<void> {
  const alive = await fetch(`${mock.url}/pets`, { headers: { 'X-API-Key': KEY } });
  await alive.arrayBuffer();
  expect(alive.status, 'GET /pets after the group').toBe(200);
  expect(mock.problems).toEqual([]);
  for (const name of ['default', ...sessions]) {
    const session = mock.setup.sessions.get(name);
    expect(checkInvariants(await session.store.snapshot()), `invariants of session ${name}`).toEqual([]);
    await expectInventoryAgrees(mock, name);
  }
  expect(pollutedPrototypes()).toEqual([]);
  expect(mock.logged().err).not.toMatch(/internal error|unexpected error/);
}

async function expectInventoryAgrees(mock: HostileMock, session: string): Promise<void> {
  const all = async (path: string) => {
    const items: { id?: number; petId?: number; status: string }[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await fetch(`${mock.url}${path}?limit=100&offset=${offset}`, { headers: { 'X-API-Key': KEY, 'X-Mock-Session': session } });
      const page = (await res.json()) as typeof items;
      expect(res.status).toBe(200);
      items.push(...page);
      if (offset + 100 >= Number(res.headers.get('x-total-count'))) return items;
    }
  };
  const pets = await all('/pets');
  const inventory = await all('/store/inventory');
  expect(inventory.map((i) => [i.petId, i.status]), `inventory of session ${session}`).toEqual(pets.map((p) => [p.id, p.status]));
}

// ---------------------------------------------------------------------------------------------
// A raw socket client: bytes as written, answers as parsed, for what fetch would refuse or
// normalise (`..` in paths, bad request lines, pipelining, trickling, headers only).

export type RawChunk = string | Buffer | { waitMs: number };

export interface RawOptions {
  /** Resolve once this many answers are read (default: wait for the server to close). */
  answers?: number;
  /** Give up after this long (default 3 s); `timedOut` tells. */
  timeoutMs?: number;
  /** Indexes of answers to HEAD requests (no body follows their headers). */
  headAnswers?: readonly number[];
}

export interface RawResult {
  answers: Answer[];
  /** The server closed the connection. */
  closed: boolean;
  timedOut: boolean;
  /** Milliseconds from the first byte written to the end. */
  ms: number;
  /** Bytes the server sent after the last complete answer. */
  rest: string;
}

export function rawExchange(port: number, chunks: readonly RawChunk[], options: RawOptions = {}): Promise<RawResult> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    const answers: Answer[] = [];
    const started = performance.now();
    let done = false;
    const finish = (closed: boolean, timedOut: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answers, closed, timedOut, ms: performance.now() - started, rest: buffer.toString('latin1') });
    };
    const timer = setTimeout(() => finish(false, true), options.timeoutMs ?? 3_000);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        const parsed = parseAnswer(buffer, (options.headAnswers ?? []).includes(answers.length));
        if (!parsed) break;
        buffer = buffer.subarray(parsed.length);
        if (parsed.answer.status >= 200) answers.push(parsed.answer); // 100 Continue is not an answer
      }
      if (options.answers !== undefined && answers.length >= options.answers) finish(false, false);
    });
    socket.on('error', () => finish(true, false));
    socket.on('close', () => finish(true, false));
    socket.once('connect', async () => {
      for (const chunk of chunks) {
        if (done) return;
        if (typeof chunk === 'object' && !Buffer.isBuffer(chunk)) await new Promise((r) => setTimeout(r, chunk.waitMs));
        else if (!socket.destroyed) socket.write(chunk);
      }
    });
  });
}

/** One HTTP/1.1 answer at the start of `buffer`, or undefined while it is incomplete. */
function parseAnswer(buffer: Buffer, head: boolean): { answer: Answer; length: number } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine!)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const start = end + 4;
  if (head || status < 200 || status === 204 || status === 304) return { answer: { status, headers, text: '' }, length: start };
  if (headers['transfer-encoding']?.includes('chunked')) {
    let at = start;
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd === -1) return undefined;
      const size = parseInt(buffer.subarray(at, lineEnd).toString('latin1'), 16);
      if (buffer.length < lineEnd + 2 + size + 2) return undefined;
      parts.push(buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (size === 0) return { answer: { status, headers, text: Buffer.concat(parts).toString('utf8') }, length: at };
    }
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < start + length) return undefined;
  return { answer: { status, headers, text: buffer.subarray(start, start + length).toString('utf8') }, length: start + length };
}

/**
 * A request as bytes, with `Host` and `X-API-Key: KEY` unless given (null leaves a header out)
 * and `Content-Length` for a body unless a length or a Transfer-Encoding is given.
 */
export function rawRequest(method: string, target: string, headers: Record<string, string | null> = {}, body = ''): string {
  const all: Record<string, string | null> = { Host: '127.0.0.1', 'X-API-Key': KEY, ...headers };
  if (body !== '' && all['Content-Length'] === undefined && all['Transfer-Encoding'] === undefined) all['Content-Length'] = String(Buffer.byteLength(body));
  const lines = Object.entries(all).filter(([, v]) => v !== null).map(([n, v]) => `${n}: ${v}\r\n`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('')}\r\n${body}`;
}
