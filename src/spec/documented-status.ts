import type { Response } from './openapi.js';
import type { Operation } from './operation-index.js';

/**
 * The success status an operation answers: the first of `preferred` it documents, else its
 * lowest documented 2xx, else `2XX` (as 200), else `default` (as 200).
 */
export function successStatus(operation: Operation, preferred: readonly string[] = []): { status: number; response: Response } | undefined {
  const responses = operation.responses;
  for (const code of preferred) if (Object.hasOwn(responses, code)) return { status: Number(code), response: responses[code]! };
  const twos = Object.keys(responses).filter((c) => /^2\d\d$/.test(c)).sort();
  if (twos.length > 0) return { status: Number(twos[0]), response: responses[twos[0]!]! };
  for (const code of ['2XX', '2xx', 'default']) if (Object.hasOwn(responses, code)) return { status: 200, response: responses[code]! };
  return undefined;
}

/** The documented response for a status: exact, then its range (`4XX`), then `default`. */
export function responseFor(operation: Operation, status: number): Response | undefined {
  const responses = operation.responses;
  const exact = String(status);
  const range = `${exact[0]}XX`;
  for (const code of [exact, range, range.toLowerCase(), 'default']) if (Object.hasOwn(responses, code)) return responses[code];
  return undefined;
}

export function isJsonType(type: string): boolean {
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json') || base === '*/*';
}
