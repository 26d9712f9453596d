import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import type { IHttpOperation } from '@stoplight/types';
import { afterAll, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { startMock, type RunningMock, type StartMockOptions } from '../../src/http/start-mock.js';
import { buildOperationIndex } from '../../src/spec/operation-index.js';
import { Router } from '../../src/spec/router.js';
import { createAjv } from '../../src/validation/create-ajv.js';
import { petstoreDocument, SPEC_FILE } from './petstore-document.js';

/** 2026-11-22T10:00:30Z: 30 s into a minute, well before the sunset of GET /pets/{petId}. */
export const T0 = Date.parse('2026-11-22T10:00:30.000Z');

export interface ApiResponse {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: any;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (overrides `body`). */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  session?: string;
  /** A status the document does not list is expected (injected faults). */
  undocumented?: boolean;
}

export interface TestMock extends RunningMock {
  clock: ManualClock;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** Every response received so far failed no contract check (asserted in afterAll). */
  contractProblems: string[];
}

let prismOperations: Promise<IHttpOperation[]> | undefined;

/**
 * Starts the real mock on an ephemeral port with a manual clock. Every API response the test
 * receives is checked against the document by prism-http's validator (an independent
 * implementation) and by our own rule that an undocumented status is a failure.
 */
export async function startTestMock(options: StartMockOptions = {}): Promise<TestMock> {
  const clock = new ManualClock(T0);
  const mock = await startMock({ clock, quiet: true, delay: async () => {}, ...options });
  prismOperations ??= getHttpOperationsFromSpec(SPEC_FILE) as Promise<IHttpOperation[]>;
  const operations = await prismOperations;
  const { loaded } = await petstoreDocument();
  const router = new Router(buildOperationIndex(loaded.document).operations);
  const ajv = createAjv();
  const validateError = ajv.compile((loaded.document.components!.schemas as Record<string, object>).Error!);
  const contractProblems: string[] = [];

  const request = async (method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key !== null) headers['X-API-Key'] ??= opts.key ?? 'demo-business';
    if (opts.session) headers['X-Mock-Session'] = opts.session;
    let body: string | Buffer | undefined = opts.rawBody;
    if (body === undefined && opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(mock.url + path, { method, headers, body });
    const text = await res.text();
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => (responseHeaders[name] = value));
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        contractProblems.push(`${method} ${path}: body is not JSON: ${text.slice(0, 100)}`);
      }
    }
    const result: ApiResponse = { status: res.status, headers: responseHeaders, body: parsed, text };
    check(method, path, result, opts);
    return result;
  };

  const check = (method: string, path: string, res: ApiResponse, opts: RequestOptions) => {
    const where = `${method} ${path} -> ${res.status}`;
    if (path.startsWith('/__admin') || method === 'OPTIONS') return;
    if (method === 'HEAD') {
      // No body to check: HEAD carries GET's headers only (RFC 9110 section 9.3.2).
      if (res.text !== '') contractProblems.push(`${where}: HEAD answered with a body`);
      return;
    }
    if (res.status >= 400 && !(validateError(res.body) && (res.body as { status?: unknown }).status === res.status)) {
      contractProblems.push(`${where}: not an Error object with status ${res.status}: ${res.text.slice(0, 200)}`);
    }
    if (res.body !== undefined && res.headers['content-type'] !== 'application/json') contractProblems.push(`${where}: content type ${res.headers['content-type']}`);
    const match = router.match(method === 'HEAD' ? 'GET' : method, path.split('?')[0]!);
    if (match.kind !== 'operation') return;
    const operation = operations.find((o) => o.iid === match.operation.operationId)!;
    if (!operation.responses.some((r) => r.code === String(res.status))) {
      if (!opts.undocumented) contractProblems.push(`${where}: status not documented for ${match.operation.operationId}`);
      return;
    }
    const outcome = validateOutput({ resource: operation, element: { statusCode: res.status, headers: res.headers, body: res.body } });
    if (outcome._tag === 'Left') {
      for (const d of outcome.left) if (d.severity === 0) contractProblems.push(`${where}: ${(d.path ?? []).join('.')} ${d.message}`);
    }
  };

  return Object.assign(mock, { clock, request, contractProblems });
}

/**
 * The usual test-file setup: one real mock for the file, started before its tests, closed after,
 * and every response it gave checked against the document. The handle is filled in `beforeAll`.
 * Pass a function when the options are built at start (it runs inside `beforeAll`).
 */
export function useTestMock(options: StartMockOptions | (() => StartMockOptions) = {}): TestMock {
  const handle = {} as TestMock;
  beforeAll(async () => {
    Object.assign(handle, await startTestMock(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await handle.close();
    expect(handle.contractProblems).toEqual([]);
  });
  return handle;
}

/** Unique session names (`pets-1`, `pets-2`, ...): each test gets its own data, counters and clock. */
export function sessionNames(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/** Everything a client can read (pets, categories, inventory, orders; every page), for before/after comparisons. */
export async function readableState(mock: TestMock, session: string): Promise<string> {
  const pages: string[] = [];
  for (const list of ['/pets', '/categories', '/store/inventory', '/store/orders']) {
    for (let offset = 0; ; offset += 100) {
      const res = await mock.request('GET', `${list}?limit=100&offset=${offset}`, { session });
      pages.push(res.text);
      if (res.body.length < 100) break;
    }
  }
  return pages.join('\n');
}
