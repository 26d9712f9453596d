import type { Schema } from './openapi.js';

/**
 * Bodies that wrap one record in a property named after the resource (`{article: {...}}` for
 * `/articles`, `{user: {...}}` for `/user`, or `{data: {...}}`), as the RealWorld API and many
 * Rails-style APIs do (docs/decisions/034-wrappers-and-singletons.md). One rule, read by the mock
 * (to store the inner record) and by the runner (to find the id inside and compare records).
 */

/**
 * `articles` -> `article`, `categories` -> `category`, `boxes` -> `box`, `addresses` -> `address`,
 * `statuses` -> `status`, `aliases` -> `alias`, and `databases` -> `database` (an `-es` is cut
 * only after the endings that take it; DigitalOcean's `/v2/databases` answers `{database}`).
 */
export function singular(segment: string): string {
  if (/ies$/.test(segment)) return `${segment.slice(0, -3)}y`;
  if (/(x|ch|sh|ss|zz|atus|bus|nus|pus|rus|sus|ias)es$/.test(segment)) return segment.slice(0, -2);
  if (/(ss|us|is)$/.test(segment)) return segment;
  return segment.replace(/s$/, '') || segment;
}

/** The last literal segment of a path template (`/articles/{slug}/comments/{id}` -> `comments`). */
export function lastLiteral(path: string): string {
  return path.split('/').filter((s) => s !== '' && !s.startsWith('{')).at(-1) ?? path;
}

/**
 * The record property an item path parameter addresses: the property of the same name
 * (`username`, `petId`, `slug`), also written another way (`confirmation_id` or `ConfirmationId`
 * for `confirmationId`, `Sid` for `sid`, as AWS and Twilio answer), else `id` (or `Id`, `ID`), else
 * the parameter without the resource's singular name (`domain_name` -> `name` under `/domains`,
 * `clusterUuid` -> `uuid` under `/clusters`, `external_customer_id` -> `external_id` under
 * `/customers`). Undefined when the record has none of them. Read by the mock (to key records)
 * and the runner (to find the created id); docs/decisions/090-ids-in-created-answers.md.
 */
export function idFieldOf(param: string, properties: object, collectionPath: string): string | undefined {
  if (Object.hasOwn(properties, param)) return param;
  const keys = Object.keys(properties);
  const named = (name: string) => keys.find((k) => squash(k) === squash(name));
  const found = named(param) ?? (Object.hasOwn(properties, 'id') ? 'id' : named('id'));
  if (found !== undefined) return found;
  const prefix = squash(singular(lastLiteral(collectionPath)));
  const parts = param.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[_-]+/).filter((p) => p !== '');
  for (let start = 0; start < parts.length; start += 1) {
    for (let end = start + 1; end <= parts.length; end += 1) {
      if (squash(parts.slice(start, end).join('')) !== prefix) continue;
      const rest = [...parts.slice(0, start), ...parts.slice(end)];
      return rest.length === 0 ? undefined : named(rest.join(''));
    }
  }
  return undefined;
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The names a wrapper of the records at `path` may have, squashed (`blog-posts` -> blogposts,
 * blogpost; and data), and the singular qualified by the literal segment before it
 * (`/v2/kubernetes/clusters` -> kubernetescluster, as DigitalOcean wraps `{kubernetes_cluster}`).
 */
export function wrapperNames(path: string): ReadonlySet<string> {
  const literals = path.split('/').filter((s) => s !== '' && !s.startsWith('{'));
  const segment = literals.at(-1) ?? path;
  const names = new Set([squash(segment), squash(singular(segment)), 'data']);
  const before = literals.at(-2);
  if (before !== undefined && path.endsWith(`/${before}/${segment}`)) names.add(squash(before + singular(segment)));
  return names;
}

/**
 * The property wrapping the record in a body of `schema` (allOf already merged by the caller):
 * the schema's only property, an object, named after the resource. Undefined for any other body.
 * Given the `record` schema, a property the record itself has (a record with its own `data`
 * object, patched by `{data: {...}}`) is that field, not a wrapper, unless what it holds has that
 * property too (`{data: {id, data}}`, the record wrapped).
 */
export function wrapperProperty(schema: Schema | undefined, names: ReadonlySet<string>, record?: Schema): string | undefined {
  const properties = schema?.properties;
  if (!properties || (schema.type !== undefined && schema.type !== 'object')) return undefined;
  const keys = Object.keys(properties);
  if (keys.length !== 1 || !names.has(squash(keys[0]!))) return undefined;
  const inner = properties[keys[0]!] as Schema;
  const isObject = inner.type === 'object' || (inner.type === undefined && (inner.properties !== undefined || inner.allOf !== undefined));
  if (isObject && record?.properties && Object.hasOwn(record.properties, keys[0]!) && !(inner.properties && Object.hasOwn(inner.properties, keys[0]!))) return undefined;
  return isObject ? keys[0] : undefined;
}

/** Whether a body's only property, `key`, is named as a wrapper of the records whose wrapper names are `names`. */
export function namedAsWrapper(key: string, names: ReadonlySet<string>): boolean {
  return names.has(squash(key));
}

/** The record inside a body wrapped by `property`; the body itself when it is not so wrapped. */
export function unwrapRecord(body: unknown, property: string | undefined): unknown {
  if (property === undefined || !isPlainObject(body)) return body;
  const inner = body[property];
  return isPlainObject(inner) ? inner : body;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
