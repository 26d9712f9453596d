import { ApiError } from '../core/errors.js';
import type { Exchange, Failure } from '../contract/events.js';
import { parseBody } from '../contract/response-body.js';
import { createSchemaRegistry } from '../contract/schema-registry.js';
import type { MockRequest } from '../mock/mock-request.js';
import { createRequestChecks } from '../mock/request-checks.js';
import type { LoadedDocument } from '../spec/load-document.js';
import { buildOperationIndex } from '../spec/operation-index.js';
import { Router } from '../spec/router.js';
import { createAjv } from '../validation/create-ajv.js';
import { checkAnswer, undocumentedOperation } from './check-answer.js';
import { ERROR_STATUS_MATCH } from '../contract/checks/error-status-match.js';
import { RESPONSE_SCHEMA_CONFORMANCE } from '../contract/checks/response-schema-conformance.js';
import { STREAM_ITEMS } from '../contract/checks/stream-items.js';
import type { VerifyProblem, VerifyResult } from '../reporting/verify-result.js';

export type { VerifyProblem, VerifyResult };

/** The parts of a HAR 1.2 entry verify reads. */
export interface HarEntry {
  startedDateTime?: string;
  time?: number;
  request: { method: string; url: string; headers?: { name: string; value: string }[]; postData?: { mimeType?: string; text?: string } };
  response: { status: number; headers?: { name: string; value: string }[]; content?: { size?: number; mimeType?: string; text?: string; encoding?: string } };
}

const BODY_LIMIT = 10 * 1024 * 1024;
/** The checks that read the answer's body: left out for an answer whose body was not recorded. */
const BODY_CHECKS: ReadonlySet<string> = new Set([RESPONSE_SCHEMA_CONFORMANCE.name, ERROR_STATUS_MATCH.name, STREAM_ITEMS.name]);

/**
 * Every exchange of a HAR against a document: the request as the mock validates it (the mock's
 * own request checks), the answer with the runner's response checks (the proxy's checkAnswer), so a
 * recording is judged exactly as the proxy would have judged it live.
 */
export async function verifyHar(loaded: LoadedDocument, entries: readonly HarEntry[]): Promise<VerifyResult> {
  const index = buildOperationIndex(loaded.document, loaded.file);
  const router = new Router(index.operations);
  const schemas = createSchemaRegistry(index.operations);
  const requests = createRequestChecks(createAjv());
  const base = serverPath(loaded);
  const problems = new Map<string, VerifyProblem>();
  let broken = 0;
  for (const [position, entry] of entries.entries()) {
    const url = new URL(entry.request.url, 'http://har.invalid');
    const method = entry.request.method.toUpperCase();
    const headers = lowerCased(entry.request.headers);
    const route = { query: url.search.slice(1), headers };
    let path = url.pathname;
    let match = router.match(method, path, route);
    if (match.kind !== 'operation' && base && path.startsWith(`${base}/`)) {
      path = path.slice(base.length);
      match = router.match(method, path, route);
    }
    // A body the recording did not keep (the mock's journal past its bound, a tool that drops it): not judged.
    const unrecorded = entry.response.content?.text === undefined && (entry.response.content?.size ?? 0) !== 0;
    const text = entry.response.content?.encoding === 'base64' ? Buffer.from(entry.response.content.text ?? '', 'base64').toString('utf8') : (entry.response.content?.text ?? '');
    const parsed = parseBody(text, `${method} ${url.pathname}`);
    const exchange: Exchange = {
      request: { method, url: url.href, headers },
      response: { status: entry.response.status, headers: lowerCased(entry.response.headers), body: parsed.body, text },
      durationMs: entry.time ?? 0,
      ...(match.kind === 'operation' ? { operationId: match.operation.operationId } : {}),
    };
    const failures: Failure[] = [];
    let operation = `${method} ${url.pathname}`;
    if (match.kind !== 'operation') {
      failures.push(undocumentedOperation(exchange));
    } else {
      operation = `${method} ${match.operation.path}`;
      const body = entry.request.postData?.text === undefined ? new Uint8Array(0) : Buffer.from(entry.request.postData.text);
      const asMock: MockRequest = { method, path, query: url.search.slice(1), headers, clientAddress: '127.0.0.1', readBody: async () => body };
      try {
        await requests.check(match.operation, match.params, asMock, BODY_LIMIT);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const details = error.details?.length ? error.details : [{ path: '', message: error.message }];
        for (const detail of details) failures.push({ check: 'request-valid', message: `${error.message}${detail.message !== error.message ? `: ${detail.message}` : ''}`, location: detail.path || undefined });
      }
      if (parsed.problem && !unrecorded) failures.push(parsed.problem);
      const received = (Date.parse(entry.startedDateTime ?? '') || 0) + (entry.time ?? 0);
      const answered = checkAnswer(exchange, match.operation, schemas, received);
      failures.push(...(unrecorded ? answered.filter((f) => !BODY_CHECKS.has(f.check)) : answered));
    }
    if (failures.length > 0) broken += 1;
    const said = `#${position + 1} ${method} ${url.pathname}${url.search} -> ${entry.response.status}`;
    for (const failure of failures) {
      const key = `${failure.check}|${operation}|${failure.location ?? ''}`;
      const problem = problems.get(key) ?? { check: failure.check, operation, location: failure.location ?? '', message: failure.message, exchanges: [] };
      if (problem.exchanges.at(-1) !== said) problem.exchanges.push(said);
      problems.set(key, problem);
    }
  }
  return { exchanges: entries.length, broken, problems: [...problems.values()] };
}

/** The path of the first server URL (`/api/v3`), which recorded URLs carry and document paths do not. */
function serverPath(loaded: LoadedDocument): string {
  const url = loaded.document.servers?.[0]?.url ?? '';
  try {
    return new URL(url, 'http://server.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function lowerCased(pairs: readonly { name: string; value: string }[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of pairs ?? []) {
    const key = name.toLowerCase();
    // HTTP/2 pseudo-headers (`:authority`) from a browser's devtools are not headers of the request.
    if (key.startsWith(':')) continue;
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

