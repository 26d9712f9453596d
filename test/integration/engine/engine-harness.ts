import type { OperationSecurity } from '../../../src/spec/security.js';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import type { IHttpOperation } from '@stoplight/types';
import { afterAll, beforeAll, expect } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { startMock, type RunningMock, type StartMockOptions } from '../../../src/http/start-mock.js';
import type { Schema } from '../../../src/spec/openapi.js';
import type { Operation } from '../../../src/spec/operation-index.js';

export const FIXTURES = new URL('../../fixtures/third-party/', import.meta.url).pathname;
const T0 = Date.parse('2026-11-22T10:00:30.000Z');

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
  text: string;
}

export interface Sent {
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  session?: string;
}

export interface DocumentMock extends RunningMock {
  request(method: string, path: string, sent?: Sent): Promise<Answer>;
  /** Every answer so far that broke the document (undocumented status, a body or header prism-http's validator rejects). */
  problems: string[];
}

/**
 * The real mock on an ephemeral port serving `file`; every answer is checked against the
 * document by prism-http's validator (an independent implementation). Requests carry the demo
 * key where the operation's security asks for it (sent.headers can override or drop it).
 */
/** Where the first alternative of an operation's security wants `key` (every scheme of it: AND). */
export function placeCredential(security: OperationSecurity, key: string): { headers: Record<string, string>; query?: string } {
  const headers: Record<string, string> = {};
  const query: string[] = [];
  for (const scheme of security.alternatives[0] ?? []) {
    if (scheme.kind === 'bearer' || scheme.kind === 'authorization') headers.Authorization = `${scheme.kind === 'authorization' && scheme.authScheme ? scheme.authScheme : 'Bearer'} ${key}`;
    else if (scheme.kind === 'basic') headers.Authorization = `Basic ${Buffer.from(`user:${key}`).toString('base64')}`;
    else if (scheme.in === 'header') headers[scheme.name] = key;
    else if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=${encodeURIComponent(key)}`);
    else headers.Cookie = [headers.Cookie, `${scheme.name}=${key}`].filter(Boolean).join('; ');
  }
  return query.length > 0 ? { headers, query: query.join('&') } : { headers };
}

export async function startDocumentMock(file: string, options: StartMockOptions = {}): Promise<DocumentMock> {
  const mock = await startMock({ specFile: file, clock: new ManualClock(T0), quiet: true, delay: async () => {}, ...options });
  const operations = (await getHttpOperationsFromSpec(file)) as IHttpOperation[];
  const problems: string[] = [];
  const request = async (method: string, path: string, sent: Sent = {}): Promise<Answer> => {
    const routed = mock.setup.router.match(method, path.split('?')[0]!);
    const credential = placeCredential(mock.setup.security.of(routed.kind === 'operation' ? routed.operation : undefined), 'demo-pro');
    const headers: Record<string, string> = { ...credential.headers, ...(sent.headers ?? {}) };
    if (sent.session) headers['X-Mock-Session'] = sent.session;
    if (credential.query) path += (path.includes('?') ? '&' : '?') + credential.query;
    let body = sent.rawBody;
    if (body === undefined && sent.body !== undefined) {
      body = JSON.stringify(sent.body);
      headers['Content-Type'] ??= 'application/json';
    }
    const res = await fetch(mock.url + path, { method, headers, body });
    const text = await res.text();
    const answerHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => (answerHeaders[name] = value));
    const json = (answerHeaders['content-type'] ?? '').includes('json');
    const answer: Answer = { status: res.status, headers: answerHeaders, body: json && text ? JSON.parse(text) : text, text };
    const match = mock.setup.router.match(method, path.split('?')[0]!);
    if (match.kind === 'operation') check(match.operation, `${method} ${path} -> ${answer.status}`, answer);
    return answer;
  };
  const check = (operation: Operation, where: string, answer: Answer) => {
    const codes = Object.keys(operation.responses);
    const status = String(answer.status);
    if (!codes.includes(status) && !codes.includes(`${status[0]}XX`) && !codes.includes('default')) {
      problems.push(`${where}: status not documented for ${operation.operationId}`);
      return;
    }
    const resource = operations.find((o) => o.iid === operation.operationId || (o.method === operation.method && o.path === operation.path));
    if (!resource) return problems.push(`${where}: prism-http does not know ${operation.operationId}`);
    const outcome = validateOutput({ resource, element: { statusCode: answer.status, headers: answer.headers, body: answer.body } });
    if (outcome._tag === 'Left') {
      for (const d of outcome.left) if (d.severity === 0) problems.push(`${where}: ${(d.path ?? []).join('.')} ${d.message}`);
    }
  };
  return Object.assign(mock, { request, problems });
}

interface Line {
  method: string;
  path: string;
  operationId: string;
  behaviour: string;
  resource?: string;
  /** Body fields that must name an existing record (`petId->pet`). */
  references?: string[];
  /** The record the path addresses (`menuItemId->menu`). */
  addresses?: string;
}

/** The first record of a list answer: a plain array or the array property of an envelope. */
export function firstRecord(body: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(body)) return body[0];
  if (body && typeof body === 'object') {
    for (const value of Object.values(body)) if (Array.isArray(value)) return value[0];
  }
  return undefined;
}

/**
 * Sends one valid request to every operation of the document (reads first, deletes last):
 * path parameters from the records the mock lists (else generated), bodies from the document's
 * examples (else generated). Returns each operation's answer.
 */
export async function exerciseEveryOperation(mock: DocumentMock, session: string): Promise<Map<string, Answer>> {
  const lines = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as Line[];
  const index = mock.setup.index;
  const faker = createFaker(3);
  const rank = (m: string) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(m);
  const answers = new Map<string, Answer>();
  /** The id of a record of a top-level resource: its list's first, else one created. */
  const idOf = async (resource: string): Promise<unknown> => {
    const list = lines.find((l) => l.behaviour === 'crud:list' && l.resource === resource && !l.path.includes('{'));
    const create = lines.find((l) => l.behaviour === 'crud:create' && l.resource === resource && !l.path.includes('{'));
    let record = list ? firstRecord((await mock.request('GET', withRequiredQuery(index.byId(list.operationId)!, list.path, faker), { session })).body) : undefined;
    if (!record && create) record = (await mock.request('POST', create.path, { session, ...bodyFor(index.byId(create.operationId)!, faker, await refsOf(create)) })).body;
    return record?.id;
  };
  // Fields that refer to records name existing ones, as a valid request must.
  const refsOf = async (line: Line): Promise<Record<string, unknown>> => {
    const refs: Record<string, unknown> = {};
    for (const reference of line.references ?? []) {
      const [field, resource] = reference.split('->') as [string, string];
      refs[field] = await idOf(resource);
    }
    return refs;
  };
  for (const line of [...lines].sort((a, b) => rank(a.method) - rank(b.method))) {
    const operation = index.byId(line.operationId)!;
    let path = '';
    for (const segment of operation.path.split('/').slice(1)) {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!param) {
        path += `/${segment}`;
        continue;
      }
      const template = operation.path.slice(0, operation.path.indexOf(`/{${param}}`));
      const list = lines.find((l) => l.behaviour === 'crud:list' && l.path === template);
      const create = lines.find((l) => l.behaviour === 'crud:create' && l.path === template);
      let listed = list ? firstRecord((await mock.request('GET', withRequiredQuery(index.byId(list.operationId)!, path, faker), { session })).body) : undefined;
      if (!listed && create) listed = (await mock.request('POST', path, { session, ...bodyFor(index.byId(create.operationId)!, faker, await refsOf(create)) })).body;
      const schema = operation.parameters.find((p) => p.in === 'path' && p.name === param)?.schema as Schema;
      const addressed = line.addresses?.startsWith(`${param}->`) ? await idOf(line.addresses.slice(param.length + 2)) : undefined;
      const value = listed?.[param] ?? listed?.id ?? addressed ?? fakeFromSchema(schema, faker);
      path += `/${encodeURIComponent(String(value))}`;
    }
    const sent: Sent = { session, ...bodyFor(operation, faker, await refsOf(line)) };
    answers.set(line.operationId, await mock.request(line.method, withRequiredQuery(operation, path, faker), sent));
  }
  return answers;
}

/** The path with the operation's required query parameters (a list that needs `?myparam=`), generated. */
function withRequiredQuery(operation: Operation, path: string, faker: ReturnType<typeof createFaker>): string {
  const query = new URLSearchParams();
  for (const p of operation.parameters.filter((p) => p.in === 'query' && p.required)) query.set(p.name, String(fakeFromSchema(p.schema as Schema, faker)));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** A body for the operation: its first documented example (JSON preferred), else one generated from the schema; `replaced` fields replace its own. */
export function bodyFor(operation: Operation, faker: ReturnType<typeof createFaker>, replaced: Record<string, unknown> = {}): Sent {
  const content = operation.requestBody?.content;
  if (!content) return {};
  const type = Object.keys(content).find((t) => t.includes('json')) ?? Object.keys(content)[0]!;
  const media = content[type]!;
  let value = Object.values((media.examples ?? {}) as Record<string, { value: unknown }>)[0]?.value ?? media.example ?? (media.schema ? fakeFromSchema(media.schema as Schema, faker) : 'x');
  if (Object.keys(replaced).length > 0 && value && typeof value === 'object' && !Array.isArray(value)) value = { ...value, ...replaced };
  if (type.includes('json')) return { headers: { 'Content-Type': type }, rawBody: JSON.stringify(value) };
  const fields = value && typeof value === 'object' ? Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]) : [];
  if (type === 'application/x-www-form-urlencoded') return { headers: { 'Content-Type': type }, rawBody: new URLSearchParams(fields).toString() };
  if (type === 'multipart/form-data') {
    const parts = fields.map(([k, v]) => `--b0undary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
    return { headers: { 'Content-Type': 'multipart/form-data; boundary=b0undary' }, rawBody: `${parts}--b0undary--\r\n` };
  }
  return { headers: { 'Content-Type': type.includes('*') ? 'application/octet-stream' : type }, rawBody: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * One mock of `file` for the test file's describe block: started before its tests, closed after,
 * and no answer it gave may have broken the document. The handle is filled in `beforeAll`.
 */
export function useDocumentMock(file: string): DocumentMock {
  const handle = {} as DocumentMock;
  beforeAll(async () => {
    Object.assign(handle, await startDocumentMock(file));
  });
  afterAll(async () => {
    await handle.close();
    expect(handle.problems).toEqual([]);
  });
  return handle;
}
