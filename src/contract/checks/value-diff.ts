/** Where two JSON values first differ, as a JSON path, or undefined when they are equal. */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): { path: string; expected: string; actual: string } | undefined {
  if (sameScalar(expected, actual)) return undefined;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return { path: `${path}.length`, expected: String(expected.length), actual: String(actual.length) };
    for (let i = 0; i < expected.length; i++) {
      const diff = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (diff) return diff;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
      const diff = firstDifference(expected[key], actual[key], `${path}.${key}`);
      if (diff) return diff;
    }
    return undefined;
  }
  return { path, expected: show(expected), actual: show(actual) };
}

/**
 * Equal, or two spellings of the same instant (`2026-12-01T12:00:00Z` and `...00.000Z`): a server
 * may normalise a date-time it was sent, and that is not a different value.
 */
function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string' && ISO_INSTANT.test(a) && ISO_INSTANT.test(b)) {
    return Date.parse(a) === Date.parse(b);
  }
  return false;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function show(v: unknown): string {
  return v === undefined ? 'absent' : JSON.stringify(v);
}

/** The request body fields the response should reflect: those the response object also names. */
export function sentFields(requestBody: unknown): Record<string, unknown> {
  return isObject(requestBody) ? requestBody : {};
}
