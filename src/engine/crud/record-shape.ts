import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../../generation/fake-value.js';
import { assertNoRef, type MergedSchema } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';
import type { StoredRecord } from '../../store/record-store.js';
import { branchOf, recordObjectSchema } from '../../spec/union-record.js';
import { valueFits } from './value-fits.js';

type Fields = Record<string, unknown>;

const NONE: ReadonlySet<string> = new Set();

/**
 * The record to store from a client's input: `readOnly` fields are the server's (the client's
 * values are dropped; generated on create, kept from `base` on replace and update) unless the
 * operation's own request schema makes it `writable` (a PATCH whose body sets a `status` that
 * the record schema marks read-only), `server`
 * fields (the id, the parent's id) are set, and required fields still missing are generated.
 */
export function recordFromInput(union: MergedSchema, input: unknown, base: StoredRecord | undefined, server: Fields, faker: Faker, writable: ReadonlySet<string> = NONE): Fields {
  const schema = branchOf(union, input ?? base);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const serverOwns = (name: string) => isReadOnly(properties[name]) && !writable.has(name);
  const out: Fields = {};
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [name, value] of Object.entries(input)) if (!serverOwns(name)) out[name] = value;
  }
  for (const name of Object.keys(properties)) {
    if (serverOwns(name) && base?.[name] !== undefined) out[name] = base[name];
  }
  Object.assign(out, server);
  return completed(schema, out, faker);
}

/**
 * JSON Merge Patch (RFC 7396) of `patch` onto `base`: null removes, objects merge, anything else
 * replaces. A member named `__proto__` is a member like any other: it is read and written as an own
 * property (an assignment would have replaced the record's prototype instead, and lost the member).
 */
export function mergePatch(base: StoredRecord, patch: unknown): Fields {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return { ...base };
  const out: Fields = { ...base };
  for (const [name, value] of Object.entries(patch)) {
    const current = Object.hasOwn(out, name) ? out[name] : undefined;
    if (value === null) delete out[name];
    else if (typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)) {
      setOwn(out, name, mergePatch(current as StoredRecord, value));
    } else setOwn(out, name, value);
  }
  return out;
}

function setOwn(target: Fields, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A stored record as an answer of `schema`: only the properties the schema declares, never a
 * `writeOnly` one, and required ones the record lacks generated. A stored value the answer's
 * property cannot hold (the create request said `to: "a@b"`, the answer says an array) is
 * left out too, and generated when required: documents often describe requests and answers
 * by different schemas.
 */
export function answerOf(union: MergedSchema | undefined, record: StoredRecord, faker: Faker): Fields {
  if (!union?.properties) return { ...record };
  const plan = answerPlanOf(branchOf(union, record));
  const out: Fields = {};
  for (const field of plan.fields) {
    const value = record[field.name];
    if (value === undefined) continue;
    // A record wrapped in an object (`{article: {...}}`, as many APIs answer) is shaped all the
    // way down: the inner object's own required fields generated, its writeOnly ones left out.
    const inner = isPlainObject(value) ? field.inner() : undefined;
    if (inner?.properties) out[field.name] = answerOf(inner, value as StoredRecord, faker);
    else if (field.fits(value)) out[field.name] = value;
  }
  for (const [name, property] of plan.required) if (out[name] === undefined) out[name] = fakeFromSchema(property, faker);
  return out;
}

/** What answering by a schema needs, worked out once per schema: answers are on every read. */
interface AnswerPlan {
  /** The properties an answer may show (not `writeOnly`), each with its check. */
  fields: { name: string; fits: (value: unknown) => boolean; inner: () => MergedSchema | undefined }[];
  /** The required ones, generated when the record lacks them. */
  required: [string, Schema][];
}

const plans = new WeakMap<MergedSchema, AnswerPlan>();

function answerPlanOf(schema: MergedSchema): AnswerPlan {
  let plan = plans.get(schema);
  if (plan) return plan;
  const properties = schema.properties as Record<string, Schema>;
  const required = new Set(schema.required ?? []);
  plan = { fields: [], required: [] };
  for (const [name, property] of Object.entries(properties)) {
    const own = assertNoRef(property);
    if (own.writeOnly) continue;
    let inner: { schema: MergedSchema | undefined } | undefined;
    plan.fields.push({ name, fits: (value) => valueFits(own, value), inner: () => (inner ??= { schema: objectSchemaOf(property) }).schema });
    if (required.has(name)) plan.required.push([name, property]);
  }
  // Required but not declared: JSON Schema allows any value there, and the answer must have one.
  for (const name of undeclaredRequired(schema)) {
    plan.fields.push({ name, fits: () => true, inner: () => undefined });
    plan.required.push([name, {}]);
  }
  plans.set(schema, plan);
  return plan;
}

/** Required and `readOnly` fields a record to store is missing, generated. */
function completed(schema: MergedSchema, fields: Fields, faker: Faker): Fields {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(properties)) {
    if (fields[name] !== undefined) continue;
    if (required.has(name) || isReadOnly(property)) fields[name] = fakeFromSchema(property, faker);
  }
  for (const name of undeclaredRequired(schema)) if (fields[name] === undefined) fields[name] = fakeFromSchema({}, faker);
  return fields;
}

/** Names `required` lists that `properties` does not declare (any value is valid there). */
function undeclaredRequired(schema: MergedSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return (schema.required ?? []).filter((name) => !Object.hasOwn(properties, name));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isReadOnly(property: Schema | undefined): boolean {
  return property !== undefined && assertNoRef(property).readOnly === true;
}

/** A schema with its allOf merged, or a union of object schemas; undefined when it is no object schema. */
export function objectSchemaOf(schema: Schema | undefined): MergedSchema | undefined {
  return recordObjectSchema(schema);
}
