import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../generation/fake-value.js';
import type { Header, MediaType, Response, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { isJsonType } from '../spec/documented-status.js';

// Read from the document alone, so the resource model (src/spec/resource-model.ts) shares them.
export { isJsonType, responseFor, successStatus } from '../spec/documented-status.js';

/**
 * The status of a request that breaks the document: 400 (section 6), unless the operation
 * documents 422 and not 400, as APIs that answer validation errors with 422 do (RealWorld,
 * Rails and Laravel conventions); Prism makes the same choice. The runner expects the same
 * (src/contract/negative-cases.ts). docs/decisions/029-validation-status.md.
 */
export function validationStatus(operation: Operation): number {
  return !operation.responses['400'] && operation.responses['422'] ? 422 : 400;
}

/** The media type answered: JSON when documented (the clients' usual choice), else the first one. */
export function chooseMedia(content: Readonly<Record<string, MediaType>> | undefined): { type: string; media: MediaType } | undefined {
  if (!content) return undefined;
  const types = Object.keys(content);
  const type = types.find((t) => isJsonType(t) && t !== '*/*') ?? types[0];
  return type === undefined ? undefined : { type, media: content[type]! };
}

/** An example of the media type: the one named, else the first of `examples`, else `example`, else the schema's. */
export function documentedExample(media: MediaType, name?: string): { value: unknown } | undefined {
  const examples = media.examples as Record<string, { value?: unknown }> | undefined;
  if (name !== undefined) {
    const named = examples && Object.hasOwn(examples, name) ? examples[name] : undefined;
    return named && 'value' in named ? { value: named.value } : undefined;
  }
  const first = examples ? Object.values(examples).find((e) => e && 'value' in e) : undefined;
  if (first) return { value: first.value };
  if (media.example !== undefined) return { value: media.example };
  const schema = media.schema as Schema | undefined;
  if (schema?.example !== undefined) return { value: schema.example };
  return undefined;
}

/**
 * Values for the headers a response documents as required (their example, else generated),
 * except those the pipeline already answers (`preset`: the rate-limit headers, `Date`): a
 * document that declares them gets the real values, not made-up ones.
 */
export function requiredHeaders(response: Response, faker: Faker, preset: Readonly<Record<string, string>> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const taken = Object.keys(preset).map((name) => name.toLowerCase());
  for (const [name, h] of Object.entries(response.headers ?? {})) {
    const header = h as Header;
    if (!header.required || taken.includes(name.toLowerCase())) continue;
    const schema = header.schema as Schema | undefined;
    const value = header.example ?? schema?.example ?? (schema ? fakeFromSchema(schema, faker) : 'x');
    headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return headers;
}
