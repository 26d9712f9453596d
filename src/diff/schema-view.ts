/**
 * A schema as the diff reads it: `allOf` members folded into one set of properties, required
 * names, types, enum and format, so that moving a property into an `allOf` is not a change.
 */
export interface SchemaView {
  types: Set<string> | undefined;
  format: string | undefined;
  enum: unknown[] | undefined;
  properties: Map<string, object>;
  required: Set<string>;
  items: object | undefined;
  additional: object | undefined;
  alternatives: object[];
  readOnly: boolean;
  writeOnly: boolean;
}

const MAX_FOLD = 20;

export function viewSchema(schema: object): SchemaView {
  const view: SchemaView = {
    types: undefined, format: undefined, enum: undefined, properties: new Map(), required: new Set(),
    items: undefined, additional: undefined, alternatives: [], readOnly: false, writeOnly: false,
  };
  fold(view, schema as Record<string, unknown>, 0);
  return view;
}

function fold(view: SchemaView, schema: Record<string, unknown>, depth: number): void {
  if (depth > MAX_FOLD || typeof schema !== 'object' || schema === null) return;
  const types = typesOf(schema);
  if (types) view.types = view.types ? new Set([...view.types].filter((t) => types.has(t))) : types;
  if (typeof schema.format === 'string') view.format ??= schema.format;
  if (Array.isArray(schema.enum)) view.enum ??= schema.enum;
  else if ('const' in schema) view.enum ??= [schema.const];
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) if (isObject(property)) view.properties.set(name, property);
  }
  if (Array.isArray(schema.required)) for (const name of schema.required) if (typeof name === 'string') view.required.add(name);
  if (isObject(schema.items)) view.items ??= schema.items;
  if (isObject(schema.additionalProperties)) view.additional ??= schema.additionalProperties;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) view.alternatives.push(...list.filter(isObject));
  }
  if (schema.readOnly === true) view.readOnly = true;
  if (schema.writeOnly === true) view.writeOnly = true;
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) if (isObject(part)) fold(view, part as Record<string, unknown>, depth + 1);
}

/** The JSON types a schema allows (3.0 `nullable` adds null), undefined when it does not say. */
function typesOf(schema: Record<string, unknown>): Set<string> | undefined {
  const declared = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : undefined;
  if (!declared) return undefined;
  const types = new Set(declared);
  if (schema.nullable === true) types.add('null');
  return types;
}

export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when every type of `narrow` is allowed by `wide` (an integer is a number). */
export function typesWithin(narrow: Set<string>, wide: Set<string>): boolean {
  return [...narrow].every((type) => wide.has(type) || (type === 'integer' && wide.has('number')));
}
