import type { CaseResult } from './events.js';
import { credentialSecrets, runCredentials } from './credential-placement.js';
import type { ContractOptions } from './options.js';

/**
 * Every credential value the runner sends: the keys, the basic password and the token made from
 * it, and the values of credential headers (credential-placement.ts). Reports are shared, so none
 * of these may appear in one, and the transport sends nothing outside the `--base-url` origin
 * since each of them may ride on a request.
 */
export function credentialsOf(options: ContractOptions): string[] {
  return [...new Set(credentialSecrets(runCredentials(options)))];
}

/** `demo-enterprise` -> `demo…se`: enough to tell keys apart in a report, not enough to use one. */
export function maskSecret(secret: string): string {
  return secret.length <= 6 ? '…' : `${secret.slice(0, 4)}…${secret.slice(-2)}`;
}

/**
 * A form of a key as a regex alternative. A short one (test keys such as `ro`) only counts
 * standing alone, or every `error` and `from` in a report would be masked; a real key is long
 * and is masked wherever it appears, even glued to other text.
 */
function alternative(form: string): string {
  const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return form.length < 8 ? `(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])` : escaped;
}

/**
 * The forms a server can echo a key in: as sent, percent-encoded, form-encoded, and as a JSON
 * string writes it, both as JavaScript does and as PHP's `json_encode` does by default (`/` as
 * `\/`, every non-ASCII character as `\uXXXX`).
 */
function echoForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const jsonForms = [json, json.replace(/\//g, '\\/')].flatMap((form) => [form, form.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)]);
  return [secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2), ...jsonForms];
}

/** Deeper than this, a value in a case result is cut (bodies deeper than this are never parsed). */
const MAX_DEPTH = 1000;

export interface Redactor {
  text(value: string): string;
  /** The length of the longest form masked (a text cut this far past a point holds every key that starts before it whole). */
  longest: number;
  /** A copy of a JSON-like value with every string (and object key) redacted. */
  value<T>(value: T): T;
  /** A copy of a case result fit for reports: every string in it redacted. */
  result(result: CaseResult): CaseResult;
}

/**
 * Replaces each credential, in the forms a target could echo it (as sent, percent-encoded, form-
 * encoded, JSON-escaped), by its masked form. Applied once, to each case result before any
 * reporter or caller sees it, so every report format and the returned summary agree.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const forms = new Map<string, string>();
  for (const secret of secrets.filter((s) => s.length > 0)) {
    const masked = maskSecret(secret);
    for (const form of echoForms(secret)) {
      if (form.length > 0) forms.set(form, masked);
    }
  }
  // Longest first, so that a key that contains another is masked whole. Case-insensitive: a target
  // can echo a key as a header name, which HTTP lower-cases.
  const ordered = [...forms.entries()].sort((a, b) => b[0].length - a[0].length);
  const byLower = new Map(ordered.map(([form, masked]) => [form.toLowerCase(), masked]));
  const pattern = new RegExp(ordered.map(([form]) => alternative(form)).join('|'), 'gi');
  const longest = ordered[0]?.[0].length ?? 0;
  const text = (value: string): string => (ordered.length === 0 ? value : value.replace(pattern, (found) => byLower.get(found.toLowerCase()) ?? '…'));
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return text(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return '[nested too deep to show]';
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    const copy: Record<string, unknown> = {};
    // defineProperty, not assignment: a `__proto__` key from a target stays a plain key.
    for (const [key, item] of Object.entries(value)) Object.defineProperty(copy, text(key), { value: walk(item, depth + 1), enumerable: true, writable: true, configurable: true });
    return copy;
  };
  return {
    text,
    longest,
    value: <T>(value: T) => (ordered.length === 0 ? value : (walk(value, 0) as T)),
    // The fields the runner itself names (status, kind, ids, check names) are left alone: a short
    // key such as `ro` would otherwise turn `error` into `er…r`.
    result: (result) =>
      ordered.length === 0
        ? result
        : {
            ...result,
            failures: result.failures.map((f) => ({ ...(walk(f, 0) as typeof f), check: f.check })),
            exchanges: walk(result.exchanges, 0) as CaseResult['exchanges'],
            ...(result.reason !== undefined ? { reason: text(result.reason) } : {}),
            ...(result.notes !== undefined ? { notes: result.notes.map(text) } : {}),
            ...(result.repro !== undefined ? { repro: text(result.repro) } : {}),
          },
  };
}
