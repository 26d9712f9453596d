import type { Header, MediaType, Response, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';

/**
 * The documented response for a status: the exact code, else its range (`4XX`), else `default`.
 * Returns the key it matched so reports can say which one applied.
 */
export function documentedResponse(operation: Operation, status: number): DocumentedResponse | undefined {
  // Looked up once per responses object and status: every check asks it again for each answer.
  let byStatus = documentedByStatus.get(operation.responses);
  if (!byStatus) documentedByStatus.set(operation.responses, (byStatus = new Map()));
  let found = byStatus.get(status);
  if (found === undefined) byStatus.set(status, (found = lookUp(operation.responses, status) ?? null));
  return found ?? undefined;
}

export interface DocumentedResponse {
  readonly key: string;
  readonly response: Response;
}

const documentedByStatus = new WeakMap<object, Map<number, DocumentedResponse | null>>();

function lookUp(responses: Operation['responses'], status: number): DocumentedResponse | undefined {
  const keys = [String(status), `${String(status)[0]}XX`, 'default'];
  for (const key of keys) {
    const response = responses[key] ?? responses[key.toLowerCase()];
    if (response) return { key, response };
  }
  return undefined;
}

/** The 2xx statuses an operation documents, e.g. `['201']`. */
export function successStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses).filter((k) => /^2(\d\d|XX)$/i.test(k));
}

/** The documented status keys of an operation, as written. */
export function documentedStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses);
}

/** Whether a status key (`'404'`) is documented for the operation (exactly, by range, or by default). */
export function documents(operation: Operation, status: string): boolean {
  return documentedResponse(operation, Number(status)) !== undefined;
}

/**
 * The JSON media type and its schema of a request body or response, when it has one: a JSON key,
 * else a range that takes JSON (`*\/*`, `application/*`: what Swagger 2.0 documents without
 * `produces`/`consumes` become when converted).
 */
export function jsonContent(content: Readonly<Record<string, MediaType>> | undefined): { mediaType: string; media: MediaType; schema: Schema | undefined } | undefined {
  if (!content) return undefined;
  const keys = Object.keys(content);
  const mediaType = keys.find((m) => isJsonMediaType(m)) ?? keys.find((m) => JSON_RANGES.has(m.split(';')[0]!.trim().toLowerCase()));
  if (!mediaType) return undefined;
  const media = content[mediaType] as MediaType;
  return { mediaType, media, schema: media.schema as Schema | undefined };
}

const JSON_RANGES = new Set(['*/*', 'application/*']);

/** Whether a media type (`application/json`) is one a documented key names, exactly or by range (`application/*`, `*\/*`). */
export function mediaTypeAllowed(type: string, documented: readonly string[]): boolean {
  const [major] = type.split('/');
  return documented.some((key) => {
    const base = key.split(';')[0]!.trim().toLowerCase();
    return base === type || base === '*/*' || base === `${major}/*`;
  });
}

export function isJsonMediaType(type: string): boolean {
  const base = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return base === 'application/json' || /^application\/[\w.+-]+\+json$/.test(base);
}

/**
 * The documented headers of a response, by lower-cased name (`Content-Type` is never a header
 * object). Built once per response object and shared: read it, never change it.
 */
export function documentedHeaders(response: Response): ReadonlyMap<string, { readonly name: string; readonly header: Header }> {
  const known = headersOf.get(response);
  if (known) return known;
  const headers = new Map<string, { name: string; header: Header }>();
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (name.toLowerCase() === 'content-type') continue;
    headers.set(name.toLowerCase(), { name, header: header as Header });
  }
  headersOf.set(response, headers);
  return headers;
}

const headersOf = new WeakMap<Response, ReadonlyMap<string, { readonly name: string; readonly header: Header }>>();

/** The documented media types of a response, lower-cased, as written (once per response object). */
export function documentedMediaTypes(response: Response): readonly string[] {
  let types = mediaTypesOf.get(response);
  if (!types) mediaTypesOf.set(response, (types = Object.keys(response.content ?? {}).map((m) => m.toLowerCase())));
  return types;
}

const mediaTypesOf = new WeakMap<Response, readonly string[]>();

/** Whether the documented response for this status declares a header (by name, any case). */
export function documentsHeader(operation: Operation, status: number, name: string): boolean {
  const documented = documentedResponse(operation, status);
  return documented !== undefined && documentedHeaders(documented.response).has(name.toLowerCase());
}

/** The schema of a property of the documented JSON body for this status (looking into `allOf` branches). */
export function documentedBodyProperty(operation: Operation, status: number, name: string): Schema | undefined {
  const documented = documentedResponse(operation, status);
  const find = (schema: Schema | undefined, depth: number): Schema | undefined => {
    if (!schema || depth > 8) return undefined;
    const own = schema.properties?.[name] as Schema | undefined;
    if (own) return own;
    for (const branch of schema.allOf ?? []) {
      const found = find(branch as Schema, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return find(documented ? jsonContent(documented.response.content)?.schema : undefined, 0);
}

/** An empty alternative makes credentials optional: then no credential is no error. */
export function requiresCredential(operation: Operation): boolean {
  return operation.security.length > 0 && operation.security.every((requirement) => Object.keys(requirement).length > 0);
}
