import type { Ajv, ErrorObject } from 'ajv';

/**
 * ajv writes every `enum` value into the code it generates: 20,000 values take it about 2.5 s to
 * compile, 200,000 half a minute, on the first request of the operation. Past this many values
 * of plain JSON scalars, prepareSchema moves the list to this keyword, checked with a Set built
 * once per list.
 */
export const LARGE_ENUM_KEYWORD = 'petstoreKitLargeEnum';
export const LARGE_ENUM_SIZE = 256;

const sets = new WeakMap<readonly unknown[], Set<unknown>>();

export function isLargeScalarEnum(values: unknown): values is unknown[] {
  return Array.isArray(values) && values.length > LARGE_ENUM_SIZE && values.every((v) => v === null || typeof v !== 'object');
}

export function addLargeEnumKeyword(ajv: Ajv): void {
  const validate = (values: unknown[], data: unknown): boolean => {
    let set = sets.get(values);
    if (!set) sets.set(values, (set = new Set(values)));
    if (set.has(data)) return true;
    // Reported as `enum`, so messages read the same as for a short list.
    const error: Partial<ErrorObject> = { keyword: 'enum', message: 'must be equal to one of the allowed values', params: { allowedValues: values } };
    validate.errors = [error];
    return false;
  };
  validate.errors = [] as Partial<ErrorObject>[];
  ajv.addKeyword({ keyword: LARGE_ENUM_KEYWORD, schemaType: 'array', errors: true, validate });
}
