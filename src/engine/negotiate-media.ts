import Negotiator from 'negotiator';
import type { Faker } from '@faker-js/faker';
import type { MediaType, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import type { OperationResult } from './behaviour.js';
import { chooseMedia, isJsonType, responseFor } from './documented-responses.js';
import { encodeBody } from './media-body.js';

type Accept = string | readonly string[] | undefined;

/**
 * The documented media type the request's `Accept` prefers (RFC 9110 12.5.1, q-values and ranges,
 * by `negotiator`), else the kit's usual choice (JSON when documented, else the first). An absent
 * `Accept`, `*` / `*`, or one no documented type meets leaves the usual choice: the mock answers
 * rather than refusing with 406, as before.
 */
export function negotiateMedia(content: Readonly<Record<string, MediaType>> | undefined, accept: Accept): { type: string; media: MediaType } | undefined {
  const preferred = acceptedType(content, accept);
  return preferred ? { type: preferred, media: content![preferred]! } : chooseMedia(content);
}

function acceptedType(content: Readonly<Record<string, MediaType>> | undefined, accept: Accept): string | undefined {
  if (!content || accept === undefined) return undefined;
  const header = typeof accept === 'string' ? accept : accept.join(', ');
  if (header.trim() === '' || header.trim() === '*/*') return undefined;
  // Documented ranges (`*/*`, `image/*`) are not offers a client can name; they stay the fallback.
  const offers = Object.keys(content).filter((type) => !type.includes('*'));
  if (offers.length < 2 && !offers.some((type) => !isJsonType(type))) return undefined;
  return new Negotiator({ headers: { accept: header } }).mediaType(offers) ?? undefined;
}

/**
 * A behaviour's JSON answer in the media type the request asks for, where the document gives that
 * status in a type that is not JSON (`Accept: application/xml` on an operation documenting XML and
 * JSON): the same value, encoded as that type. Any other answer is returned as it is.
 */
export function inAcceptedMedia(operation: Operation, result: OperationResult, accept: Accept, faker: Faker): OperationResult {
  if (result.contentType !== undefined || result.body === undefined) return result;
  const content = responseFor(operation, result.status)?.content;
  const type = acceptedType(content, accept);
  if (type === undefined || isJsonType(type)) return result;
  const { body, contentType } = encodeBody(result.body, type, faker, content![type]!.schema as Schema | undefined);
  return { ...result, body, contentType: contentType ?? type };
}

/**
 * A JSON answer without a media type, where the document gives that status only in another JSON
 * type (`application/vnd.api+json`): labelled with that type, not `application/json`, which the
 * document does not promise (art19's JSON:API document: 89 answers).
 */
export function inDocumentedJsonType(operation: Operation, result: OperationResult): OperationResult {
  if (result.contentType !== undefined || result.body === undefined || result.stream) return result;
  const content = responseFor(operation, result.status)?.content;
  if (!content || Object.hasOwn(content, 'application/json') || Object.keys(content).some((type) => type.includes('*'))) return result;
  const type = Object.keys(content).find((t) => isJsonType(t));
  return type ? { ...result, contentType: type } : result;
}
