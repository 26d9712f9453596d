import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../generation/fake-value.js';
import { subjectOfPath } from '../generation/field-text.js';
import type { Header, Response, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import type { OperationResult } from '../engine/behaviour.js';
import { chooseMedia } from '../engine/documented-responses.js';
import { encodeBody } from '../engine/media-body.js';
import { STREAM_LIMITS } from './stream-pacing.js';

export interface Preferences {
  code?: string;
  example?: string;
  dynamic?: boolean;
  /** A streamed answer's item count and the milliseconds between items (`stream-count=N, stream-interval=MS`). */
  streamCount?: number;
  streamInterval?: number;
}

/** Reads `Prefer: code=404, example=notFound, dynamic=true, stream-count=3` (RFC 7240; unknown preferences ignored). */
export function parsePrefer(header: string | string[] | undefined): Preferences | undefined {
  if (header === undefined) return undefined;
  const prefs: Preferences = {};
  let any = false;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(/[,;]/)) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (name === 'code' && /^\d{3}$/.test(value)) prefs.code = value;
    else if (name === 'example' && value !== '') prefs.example = value;
    else if (name === 'dynamic') prefs.dynamic = value === 'true';
    else if (name === 'stream-count' && /^\d{1,6}$/.test(value) && Number(value) <= STREAM_LIMITS.count) prefs.streamCount = Number(value);
    else if (name === 'stream-interval' && /^\d{1,7}$/.test(value) && Number(value) <= STREAM_LIMITS.intervalMs) prefs.streamInterval = Number(value);
    else continue;
    any = true;
  }
  return any ? prefs : undefined;
}

/**
 * Answers from the document instead of the store, as Prism users know it. Returns undefined when
 * the preference cannot be met (an undocumented code, an unknown example): it is then ignored.
 */
export function preferredResponse(operation: Operation, prefs: Preferences, faker: Faker): OperationResult | undefined {
  const chosen = choose(operation, prefs);
  if (!chosen) return undefined;
  const [status, response] = chosen;
  // JSON when documented, else the first media type (a problem+json error, a text answer).
  const negotiated = chooseMedia(response.content);
  const media = negotiated?.media;
  let body: unknown;
  if (media) {
    const examples = Object.entries(media.examples ?? {});
    const named = prefs.example ? ownExample(media.examples, prefs.example) : undefined;
    if (named) body = (named as { value: unknown }).value;
    else if (prefs.dynamic || examples.length === 0) {
      // A schema nothing satisfies (`false`, an unsatisfiable pattern): the preference cannot be met.
      try {
        body = fakeFromSchema(media.schema as Schema, faker, { subject: subjectOfPath(operation.path) });
      } catch {
        return undefined;
      }
    }
    else body = (examples[0]![1] as { value: unknown }).value;
  }
  const applied = [prefs.code && `code=${prefs.code}`, prefs.example && named(media, prefs.example) && `example=${prefs.example}`, prefs.dynamic && 'dynamic=true']
    .filter(Boolean)
    .join(', ');
  const headers: Record<string, string> = { 'Preference-Applied': applied };
  for (const [name, h] of Object.entries(response.headers ?? {})) {
    const header = h as Header;
    if (!header.required || header.example === undefined) continue;
    headers[name] = String(header.example);
  }
  if (status === '201' && body && typeof body === 'object' && 'id' in body) headers.Location = `${operation.path}/${String((body as { id: unknown }).id)}`;
  if (Array.isArray(body) && response.headers?.['X-Total-Count']) headers['X-Total-Count'] = String(body.length);
  if (negotiated && negotiated.type !== 'application/json') {
    const encoded = encodeBody(body, negotiated.type, faker, negotiated.media.schema as Schema | undefined);
    return { status: Number(status), body: encoded.body, headers, contentType: encoded.contentType };
  }
  return { status: Number(status), body, headers };
}

function named(media: { examples?: Record<string, unknown> } | undefined, name: string): boolean {
  return ownExample(media?.examples, name) !== undefined;
}

/** An example by name, own properties only: `example=__proto__` or `example=toString` names none. */
function ownExample(examples: Record<string, unknown> | undefined, name: string): unknown {
  return examples !== undefined && Object.hasOwn(examples, name) ? examples[name] : undefined;
}

function choose(operation: Operation, prefs: Preferences): [string, Response] | undefined {
  const responses = Object.entries(operation.responses);
  if (prefs.code) {
    const response = operation.responses[prefs.code];
    return response ? [prefs.code, response] : undefined;
  }
  if (prefs.example) {
    const success = responses.filter(([s]) => s.startsWith('2'));
    const others = responses.filter(([s]) => !s.startsWith('2'));
    const found = [...success, ...others].find(([, r]) => ownExample(chooseMedia(r.content)?.media.examples, prefs.example!) !== undefined);
    if (found) return found;
  }
  if (prefs.dynamic) return responses.find(([s]) => s.startsWith('2'));
  return undefined;
}

/** A streamed answer with the count and interval `Prefer` asks for, and the header saying so. */
export function preferredStream(result: OperationResult, prefs: Preferences | undefined): OperationResult {
  if (!result.stream || (prefs?.streamCount === undefined && prefs?.streamInterval === undefined)) return result;
  const applied = [prefs.streamCount !== undefined && `stream-count=${prefs.streamCount}`, prefs.streamInterval !== undefined && `stream-interval=${prefs.streamInterval}`].filter(Boolean).join(', ');
  return {
    ...result,
    headers: { ...result.headers, 'Preference-Applied': applied },
    stream: { ...result.stream, count: prefs.streamCount ?? result.stream.count, intervalMs: prefs.streamInterval ?? result.stream.intervalMs },
  };
}
