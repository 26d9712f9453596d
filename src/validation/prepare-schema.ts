import { refTarget } from '../spec/cyclic-refs.js';
import { escapePointer } from '../spec/parse-document-text.js';
import { isOas31Schema } from '../spec/schema-dialect.js';
import { isLargeScalarEnum, LARGE_ENUM_KEYWORD } from './large-enum.js';

/** A schema from a loaded document made ready for ajv, and what ajv must know to compile it. */
export interface PreparedSchema {
  schema: unknown;
  /** Written in OpenAPI 3.1 (JSON Schema 2020-12) rather than the 3.0 subset. */
  oas31: boolean;
  /** `x-` keys found in schema positions: ajv's strict mode needs them declared. */
  extensions: Set<string>;
  formats: Set<string>;
}

// Values of these keys are data, not schemas: nothing in them is rewritten.
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);
// OpenAPI's annotation keywords: objects that are not schemas, given to ajv as they are.
const ANNOTATIONS = new Set(['discriminator', 'xml', 'externalDocs']);

/** Schemas given ids of their own, compiled once for every root that reaches them (shared-schemas.ts). */
export interface SchemaSharing {
  /** The id of the target of a cyclic `$ref`. */
  cycle(target: object): string;
  /** The id of a schema reached from more than one place, or undefined to prepare it in place. */
  node(schema: object): string | undefined;
}

/** Calls `each` on every schema object below `root` (not `root`), once per way it is reached, as prepareSchema visits them. */
export function eachSubschema(root: unknown, each: (schema: object) => boolean): void {
  const walk = (node: unknown, namesMap: boolean): void => {
    if (typeof node !== 'object' || node === null) return;
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, child] of entries) {
      if (typeof child !== 'object' || child === null) continue;
      if (typeof key === 'string' && !namesMap && (key.startsWith('x-') || DATA_KEYS.has(key) || ANNOTATIONS.has(key))) continue;
      const names = typeof key === 'string' && !namesMap && NAME_MAPS.has(key);
      // `each` says whether to go on below a schema (false when it was seen before).
      if (names || Array.isArray(child) || each(child)) walk(child, names);
    }
  };
  walk(root, false);
}
const DEFINITIONS = 'definitions';
// The keyword names ajv accepts (its core.js checkKeyword).
const KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
// Under these keys the object's keys are names (of properties, definitions), never keywords.
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/**
 * Rewrites what ajv cannot take as it is, copying only the objects on the way to a change (a
 * schema that needs nothing is returned as the same object, so ajv's cache keeps working):
 * - a `$ref` left by the loader because it is part of a cycle becomes `#/definitions/<pointer>`,
 *   its target added under the root's `definitions` (once, so cycles end), and ajv validates the
 *   recursive structure natively; with `share`, it becomes the id `share` gives its target, and
 *   so does any schema `share` names (added to ajv once and shared by every root: shared-schemas.ts);
 * - an `enum` of more than LARGE_ENUM_SIZE scalars moves to a Set-backed keyword (large-enum.ts);
 * - `$schema` and `$vocabulary` are dropped (the document's line decides the dialect);
 * - in a 3.0 schema, `nullable` without `type` is dropped (it adds nothing, ajv refuses it), and
 *   draft-04 style `exclusiveMinimum: true` beside `minimum` becomes the number form ajv knows.
 */
export function prepareSchema(root: unknown, share?: SchemaSharing): PreparedSchema {
  const extensions = new Set<string>();
  const formats = new Set<string>();
  const definitions = new Map<string, unknown>();
  const done = new Map<object, unknown>();
  let oas31 = false;

  const visit = (node: unknown, namesMap = false): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const known = namesMap ? undefined : done.get(node);
    if (known !== undefined) return known;
    const sharedId = share && !namesMap && node !== root && !Array.isArray(node) ? share.node(node) : undefined;
    if (sharedId !== undefined) {
      const reference = { $ref: sharedId };
      done.set(node, reference);
      return reference;
    }
    if (isOas31Schema(node)) oas31 = true;
    const target = refTarget(node);
    if (target) {
      const ref = (node as { $ref: string }).$ref;
      const name = ref.slice(2);
      const { $ref: _ref, ...siblings } = node as Record<string, unknown>;
      const replacement = { ...siblings, $ref: share ? share.cycle(target) : `#/${DEFINITIONS}/${escapePointer(name)}` };
      done.set(node, replacement);
      if (!share && !definitions.has(name)) {
        definitions.set(name, true);
        definitions.set(name, visit(target));
      }
      return replacement;
    }
    let copy: Record<string, unknown> | unknown[] | undefined;
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && !namesMap) {
        if (key.startsWith('x-')) {
          // ajv takes keyword names of letters, digits, `_`, `$`, `:` and `-`; others (`x-my.ext`)
          // it refuses, so they are left out of the copy ajv sees (they carry no constraint).
          if (KEYWORD_NAME.test(key)) extensions.add(key);
          else {
            copy ??= { ...(node as Record<string, unknown>) };
            delete (copy as Record<string, unknown>)[key];
          }
          continue;
        }
        if (DATA_KEYS.has(key)) continue;
        if (key === 'format' && typeof child === 'string') formats.add(child);
      }
      const next = ANNOTATIONS.has(key as string) && !namesMap ? child : visit(child, typeof key === 'string' && !namesMap && NAME_MAPS.has(key));
      if (next !== child) {
        copy ??= Array.isArray(node) ? [...node] : { ...node };
        (copy as Record<string | number, unknown>)[key] = next;
      }
    }
    if (!Array.isArray(node) && !namesMap) {
      copy = withoutDialectKeys(node as Record<string, unknown>, copy as Record<string, unknown> | undefined);
      if (!isOas31Schema(node)) copy = fixOas30Keywords(node as Record<string, unknown>, copy as Record<string, unknown> | undefined);
      const values = (node as { enum?: unknown }).enum;
      if (isLargeScalarEnum(values)) {
        const { enum: _enum, ...rest } = (copy ?? node) as Record<string, unknown>;
        copy = { ...rest, [LARGE_ENUM_KEYWORD]: values };
      }
    }
    const result = copy ?? node;
    if (!namesMap) done.set(node, result);
    return result;
  };

  let schema = visit(root);
  if (definitions.size > 0 && typeof schema === 'object' && schema !== null) {
    const own = (schema as Record<string, unknown>)[DEFINITIONS] as Record<string, unknown> | undefined;
    schema = { ...schema, [DEFINITIONS]: { ...own, ...Object.fromEntries(definitions) } };
  }
  return { schema, oas31, extensions, formats };
}

/**
 * `$schema` and `$vocabulary` name a dialect; the kit compiles every schema of a document in the
 * document's own (3.0 or 3.1), and ajv refuses them inside a schema (swagger-core writes
 * `"$vocabulary": "https://spec.openapis.org/oas/3.1/schema-base"`, a string, where the meta-schema
 * wants an object).
 */
function withoutDialectKeys(node: Record<string, unknown>, copy: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (node.$schema === undefined && node.$vocabulary === undefined) return copy;
  const { $schema: _schema, $vocabulary: _vocabulary, ...rest } = copy ?? node;
  return rest;
}

function fixOas30Keywords(node: Record<string, unknown>, copy: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  let out = copy;
  const edit = () => (out ??= { ...node });
  if (node.nullable !== undefined && node.type === undefined) delete edit().nullable;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof node[flag] !== 'boolean') continue;
    const o = edit();
    if (node[flag] === true && typeof node[bound] === 'number') {
      o[flag] = node[bound];
      delete o[bound];
    } else {
      delete o[flag];
    }
  }
  return out;
}
