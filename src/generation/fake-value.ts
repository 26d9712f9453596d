import type { Faker } from '@faker-js/faker';
import { refTarget, resolveSchema } from '../spec/cyclic-refs.js';
import type { Schema } from '../spec/openapi.js';
import { documentPatternMatcher, type PatternMatcher } from '../spec/pattern-matcher.js';
import { fakeFromPattern } from './fake-pattern.js';
import { branchHolds, withBranch, withPartsResolved } from './with-branch.js';
import { fieldText } from './field-text.js';
import { boundBeyondLimits, GENERATION_LIMITS } from './generation-limits.js';
import { assertNoRef, mergeAllOf, patternsOf, type MergedSchema } from './merge-all-of.js';

export interface FakeOptions {
  /** How likely an optional object property is present, 0 (never) to 1 (always). Default 0.5. */
  optionalRate?: number;
  /** Items of an array whose schema sets no maxItems: at most minItems + this. Default 3. */
  extraItems?: number;
  /**
   * What the value is (a resource's singular name, `bookshelf`): a `name` at its top level reads
   * like the name of one (src/generation/field-text.ts). Nested objects are named by their key.
   */
  subject?: string;
}

/** Integers span at most this many values past their lower bound, so ids and counts look real. */
const INTEGER_SPAN = 1000;
/** Date-times fall in this window: fixed, so a value never depends on the real clock. */
const DATE_FROM = '2026-01-01T00:00:00Z';
const DATE_TO = '2027-12-31T23:59:59Z';
const MAX_DEPTH = 32;
/**
 * Past this many `$ref`s kept by the loader because they are cyclic (a tree's children, a linked
 * list's next), values are made as small as the schema allows: optional properties left out,
 * arrays at minItems, a oneOf/anyOf branch that does not recurse when there is one. A recursive
 * schema then gives a finite value, and a wide tree cannot grow exponentially before MAX_DEPTH.
 */
const CYCLE_HOPS = 2;
/** The same past this depth: a 40-schema ring nests 40 levels before its one cyclic `$ref`. */
const SHRINK_DEPTH = 16;
const smallest = (depth: number, hops: number) => hops > CYCLE_HOPS || depth > SHRINK_DEPTH;
/**
 * The same once a value has this many parts (objects, arrays, scalars): a wide schema without
 * cycles (large documents inline a record inside a record inside a record) filled with every
 * optional property made 200 KB seed records and answers, and seconds of start-up. Values under
 * the budget are exactly what they were (the budget draws nothing).
 */
const VALUE_BUDGET = 1_000;

/**
 * A value valid against an OpenAPI 3.0 schema object that has no `$ref` left (take it from the
 * dereferenced document). Deterministic for a faker in the same state: every random choice
 * comes from `faker`.
 *
 * Honoured: type (inferred from properties/items/enum when absent), enum, minimum/maximum
 * (exclusive too), multipleOf for integers, minLength/maxLength, pattern (see fake-pattern.ts),
 * the formats date-time, date, int32, int64 (safe integers), uuid, email, uri, uri-reference,
 * hostname, ipv4, arrays with minItems/maxItems, objects (required always, optional ones
 * sometimes, never a property the schema does not declare), allOf (merged), oneOf/anyOf (one
 * branch: for oneOf the value may happen to match another branch too), uniqueItems. Ignored: not. A pattern beyond fake-pattern.ts falls back to the schema's
 * `example` or `default` when it matches, else this throws naming the pattern: an error is
 * safer than a body that breaks the contract. It also throws for a schema nothing satisfies.
 */
export function fakeFromSchema(schema: Schema, faker: Faker, options: FakeOptions = {}): unknown {
  return new Generator(faker, options.optionalRate ?? 0.5, options.extraItems ?? 3, options.subject ?? '').value(schema, '', 0);
}

/** How often an item of a uniqueItems array is made again when it equals one already made. */
const UNIQUE_TRIES = 8;

class Generator {
  /** Parts made so far (see VALUE_BUDGET). */
  private made = 0;
  /** The key of the object whose properties are being made (the subject at the top level). */
  private owner: string;

  constructor(
    private readonly faker: Faker,
    private readonly optionalRate: number,
    private readonly extraItems: number,
    subject: string,
  ) {
    this.owner = subject;
  }

  value(raw: Schema, key: string, depth: number, hops = 0): unknown {
    if (depth > MAX_DEPTH) throw new Error('schema nests too deeply to generate a value');
    // JSON Schema's boolean schemas (3.1): `true` allows anything, `false` nothing.
    if ((raw as unknown) === true) raw = {};
    if ((raw as unknown) === false) throw new Error('the schema is false, which no value satisfies');
    if (refTarget(raw) || raw.allOf?.some((part) => refTarget(part))) hops++;
    const schema = mergeAllOf(assertNoRef(withPartsResolved(resolveSchema(raw))));
    if (++this.made > GENERATION_LIMITS.valueParts) throw new Error(`the value would have more than ${GENERATION_LIMITS.valueParts.toLocaleString('en')} parts`);
    const beyond = boundBeyondLimits(schema);
    if (beyond) throw new Error(beyond);
    const shrink = this.shrinking(depth, hops);
    const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (branches && branches.length > 0) {
      // A branch whose type or enum contradicts its siblings' (an array's `anyOf: [{type: 'null'}, ...]`)
      // holds no value: it is not chosen while another one holds.
      const holding = branches.filter((b) => branchHolds(schema, b));
      const open = holding.length > 0 ? holding : branches;
      const finite = shrink ? open.filter((b) => !recursesAtOnce(b)) : [];
      const branch = this.faker.helpers.arrayElement(finite.length > 0 ? finite : open);
      // None holds (`type: 'null'` beside `oneOf: [string, number]`, a converter's nullable union):
      // no value is valid, so the branch alone is served, as the author meant it; start-up names the schema.
      return this.value(holding.length > 0 ? withBranch(schema, branch) : branch, key, depth + 1, hops);
    }
    // OpenAPI 3.1 (JSON Schema 2020-12): `const` is the one value.
    if ('const' in schema) return (schema as { const: unknown }).const;
    if (schema.enum) return this.fromEnum(schema);
    switch (typeOf(schema)) {
      case 'object':
        return this.object(schema, key, depth, hops);
      case 'array':
        return this.array(schema, key, depth, hops);
      case 'integer':
        return this.integer(schema);
      case 'number':
        return this.number(schema);
      case 'boolean':
        return this.faker.datatype.boolean();
      case 'null':
        return null;
      default:
        return this.string(schema, key);
    }
  }

  private shrinking(depth: number, hops: number): boolean {
    return smallest(depth, hops) || this.made > VALUE_BUDGET;
  }

  private fromEnum(schema: MergedSchema): unknown {
    const patterns = patternsOf(schema).map(compiled);
    const fits = schema.enum!.filter(
      (v) =>
        (typeof v !== 'string' || (patterns.every((p) => p.test(v)) && lengthFits(v, schema))) &&
        (typeof v !== 'number' || ((schema.minimum ?? -Infinity) <= v && v <= (schema.maximum ?? Infinity))),
    );
    if (fits.length === 0) throw new Error('no enum value satisfies the schema');
    return this.faker.helpers.arrayElement(fits);
  }

  private object(schema: MergedSchema, key: string, depth: number, hops: number): Record<string, unknown> {
    const outer = this.owner;
    if (key) this.owner = key;
    try {
      return this.properties(schema, depth, hops);
    } finally {
      this.owner = outer;
    }
  }

  private properties(schema: MergedSchema, depth: number, hops: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set(schema.required ?? []);
    const shrink = this.shrinking(depth, hops);
    for (const [name, property] of Object.entries(properties)) {
      if (required.has(name) || (!shrink && this.includeOptional())) {
        out[name] = this.value(property, name, depth + 1, hops);
      }
    }
    // Required but not described: any value will do, a string is the least surprising one.
    for (const name of required) if (!(name in out)) out[name] = this.value({ type: 'string' }, name, depth + 1);
    this.propertyCount(schema, out, required, depth, hops);
    return out;
  }

  /** Fills up to `minProperties` (declared optional ones first, then extra ones where allowed) and trims optional ones past `maxProperties`. */
  private propertyCount(schema: MergedSchema, out: Record<string, unknown>, required: ReadonlySet<string>, depth: number, hops: number): void {
    const min = schema.minProperties ?? 0;
    const max = schema.maxProperties ?? Infinity;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, property] of Object.entries(properties)) {
      if (Object.keys(out).length >= min) break;
      if (!(name in out)) out[name] = this.value(property, name, depth + 1, hops);
    }
    const extra = schema.additionalProperties;
    for (let n = 1; Object.keys(out).length < min && extra !== false && n <= min + 1; n += 1) {
      const name = `${this.owner || 'key'}${n}`;
      if (!(name in out)) out[name] = this.value(typeof extra === 'object' ? (extra as Schema) : { type: 'string' }, name, depth + 1, hops);
    }
    for (const name of Object.keys(out)) if (Object.keys(out).length > max && !required.has(name)) delete out[name];
  }

  private includeOptional(): boolean {
    // The ends are exact (and draw nothing), so 0 and 1 mean never and always.
    if (this.optionalRate <= 0) return false;
    if (this.optionalRate >= 1) return true;
    return this.faker.number.float({ min: 0, max: 1 }) < this.optionalRate;
  }

  private array(schema: MergedSchema, key: string, depth: number, hops: number): unknown[] {
    // 3.1 tuples: `prefixItems` give the first items' schemas; `items: false` allows no more.
    const prefix = ((schema as { prefixItems?: unknown }).prefixItems ?? []) as Schema[];
    const closed = (schema.items as unknown) === false;
    const min = schema.minItems ?? 0;
    const max = Math.min(schema.maxItems ?? Math.max(min, prefix.length) + this.extraItems, closed ? prefix.length : Infinity, Math.max(min, prefix.length) + GENERATION_LIMITS.extraItems);
    if (max < min) throw new Error(`no array has between ${min} and ${max} items`);
    const length = this.shrinking(depth, hops) ? min : this.faker.number.int({ min, max });
    const items = (closed ? {} : (schema.items ?? { type: 'string' })) as Schema;
    if (!schema.uniqueItems) return Array.from({ length }, (_, i) => this.value(prefix[i] ?? items, key, depth + 1, hops));
    // uniqueItems: a value already there is made again, a few times; past `min`, the array stops short instead.
    const made: unknown[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < length; i += 1) {
      let value: unknown;
      let text: string;
      let tries = 0;
      do {
        value = this.value(prefix[i] ?? items, key, depth + 1, hops);
        text = JSON.stringify(value);
      } while (seen.has(text) && ++tries < UNIQUE_TRIES);
      if (seen.has(text)) {
        if (made.length >= min) break;
        throw new Error(`no ${min} different items could be made for an array with uniqueItems`);
      }
      seen.add(text);
      made.push(value);
    }
    return made;
  }

  private integer(schema: MergedSchema): number {
    const int32 = schema.format === 'int32';
    const floor = int32 ? -(2 ** 31) : Number.MIN_SAFE_INTEGER;
    const ceiling = int32 ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER;
    let low = schema.minimum === undefined ? undefined : Math.ceil(schema.minimum) + (schema.exclusiveMinimum && Number.isInteger(schema.minimum) ? 1 : 0);
    let high = schema.maximum === undefined ? undefined : Math.floor(schema.maximum) - (schema.exclusiveMaximum && Number.isInteger(schema.maximum) ? 1 : 0);
    low = Math.max(floor, low ?? (high === undefined ? 0 : high - INTEGER_SPAN));
    high = Math.min(ceiling, high ?? low + INTEGER_SPAN, low + INTEGER_SPAN);
    const step = schema.multipleOf !== undefined && Number.isInteger(schema.multipleOf) ? schema.multipleOf : 1;
    const first = Math.ceil(low / step);
    const last = Math.floor(high / step);
    if (last < first) throw new Error(`no integer lies between ${low} and ${high}`);
    return this.faker.number.int({ min: first, max: last }) * step;
  }

  private number(schema: MergedSchema): number {
    // `format: int32/int64` on a number: validators want an integer there.
    if (schema.format === 'int32' || schema.format === 'int64') return this.integer(schema);
    if (schema.multipleOf !== undefined) return this.integer({ ...schema, multipleOf: undefined }) * schema.multipleOf;
    const min = schema.minimum ?? (schema.maximum === undefined ? 0 : schema.maximum - INTEGER_SPAN);
    const max = schema.maximum ?? min + INTEGER_SPAN;
    // Two decimals, kept strictly inside an exclusive bound.
    const low = schema.exclusiveMinimum ? min + 0.01 : min;
    const high = schema.exclusiveMaximum ? max - 0.01 : max;
    if (high < low) throw new Error(`no number lies between ${min} and ${max}`);
    const value = this.faker.number.float({ min: low, max: high, fractionDigits: 2 });
    return Math.min(high, Math.max(low, value));
  }

  private string(schema: MergedSchema, key: string): string {
    const patterns = patternsOf(schema);
    if (patterns.length > 0) return this.patterned(schema, patterns, key);
    return this.unpatterned(schema, key);
  }

  /** A string of the schema's format and length, whatever its pattern says. */
  private unpatterned(schema: MergedSchema, key: string): string {
    const formatted = this.formatted(schema.format);
    if (formatted !== undefined && lengthFits(formatted, schema)) return formatted;
    return fitLength(this.text(key), schema, this.faker);
  }

  private patterned(schema: MergedSchema, patterns: string[], key: string): string {
    const regExps = patterns.map(compiled);
    const valid = (v: unknown): v is string => typeof v === 'string' && lengthFits(v, schema) && regExps.every((r) => r.test(v));
    // The generator honours the pattern, not the length bounds next to it: retry, letting open
    // quantifiers (`+`, `*`) repeat enough for minLength, then less and less for maxLength.
    const roomy = Math.max(8, (schema.minLength ?? 0) + 8);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const openRepeat = attempt < 4 ? roomy : Math.floor((roomy * (11 - attempt)) / 8);
      const value = fakeFromPattern(patterns[attempt % patterns.length]!, this.faker, openRepeat);
      // Too long for maxLength: its start often still matches (`[0-9]+` with length 12).
      const cut = schema.maxLength !== undefined ? value?.slice(0, schema.maxLength) : undefined;
      if (valid(value)) return value;
      if (valid(cut)) return cut;
    }
    if (valid(schema.example)) return schema.example;
    if (valid(schema.default)) return schema.default;
    // Else no string this generator makes meets the pattern (start-up names it, unmet-patterns.ts),
    // or it is unchecked (decision 047): the value keeps the format and length bounds, rather than
    // fail the whole answer.
    return this.unpatterned(schema, key);
  }

  private formatted(format: string | undefined): string | undefined {
    const f = this.faker;
    switch (format) {
      case 'date-time':
        return f.date.between({ from: DATE_FROM, to: DATE_TO }).toISOString();
      case 'date':
        return f.date.between({ from: DATE_FROM, to: DATE_TO }).toISOString().slice(0, 10);
      case 'uuid':
        return f.string.uuid();
      case 'email':
        return f.internet.email();
      case 'uri':
        return f.internet.url();
      case 'uri-reference':
        return `/${f.helpers.arrayElement(['items', 'records', 'resources'])}/${f.number.int({ min: 1, max: INTEGER_SPAN })}`;
      case 'hostname':
        return f.internet.domainName();
      case 'ipv4':
        return f.internet.ipv4();
      default:
        return this.lessCommonFormat(format);
    }
  }

  /** The other formats the validators (ajv-formats, full mode) check: a value of each, so an answer never misses its format. */
  private lessCommonFormat(format: string | undefined): string | undefined {
    const f = this.faker;
    switch (format) {
      case 'byte':
        // Base64: whole groups of four from its alphabet (no Buffer: the engine runs in browsers too).
        return f.string.fromCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/', 4 * f.number.int({ min: 2, max: 8 }));
      case 'url':
      case 'uri-template':
      case 'iri':
        return f.internet.url();
      case 'ipv6':
        return f.internet.ipv6();
      case 'time':
      case 'iso-time':
        return `${f.date.between({ from: DATE_FROM, to: DATE_TO }).toISOString().slice(11, 19)}Z`;
      case 'iso-date-time':
        return f.date.between({ from: DATE_FROM, to: DATE_TO }).toISOString();
      case 'duration':
        return `P${f.number.int({ min: 1, max: 30 })}D`;
      case 'json-pointer':
        return `/${f.word.noun()}/${f.number.int({ min: 0, max: 9 })}`;
      case 'json-pointer-uri-fragment':
        return `#/${f.word.noun()}`;
      case 'relative-json-pointer':
        return `${f.number.int({ min: 0, max: 3 })}/${f.word.noun()}`;
      case 'regex':
        return '^[a-z]+$';
      default:
        return undefined;
    }
  }

  /** Text that reads like the field it fills, of the thing it belongs to. */
  private text(key: string): string {
    return fieldText(key, this.owner, this.faker);
  }
}

function compiled(pattern: string): PatternMatcher {
  const regExp = documentPatternMatcher(pattern);
  if (!regExp) throw new Error(`the pattern ${JSON.stringify(pattern.slice(0, 200))} is not a valid regular expression`);
  return regExp;
}

/** Whether a branch goes straight back into a cycle: it is a cyclic `$ref` or requires one. */
function recursesAtOnce(branch: Schema): boolean {
  if (refTarget(branch)) return true;
  const properties = (branch.properties ?? {}) as Record<string, unknown>;
  return (branch.required ?? []).some((name) => refTarget(properties[name]) !== undefined);
}

function typeOf(schema: Schema): string | undefined {
  // OpenAPI 3.1 type arrays (`[string, 'null']`): a value of the first type that is not null.
  const type = schema.type as string | string[] | undefined;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? 'null';
  if (type) return type;
  if (schema.properties || schema.required) return 'object';
  if ('items' in schema && schema.items) return 'array';
  return undefined;
}

function lengthFits(value: string, schema: Schema): boolean {
  const length = [...value].length; // JSON Schema counts code points
  return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
}

function fitLength(text: string, schema: Schema, faker: Faker): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  if (max < min) throw new Error(`no string is between ${min} and ${max} characters long`);
  let value = [...text];
  if (value.length < min) value = [...value, ...faker.string.alpha({ length: min - value.length, casing: 'lower' })];
  if (value.length > max) value = value.slice(0, max);
  // A cut can end on a space; trim it when the bound allows.
  while (value.length > min && value[value.length - 1] === ' ') value.pop();
  return value.join('');
}
