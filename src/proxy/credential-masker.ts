import { createRedactor, type Redactor } from '../contract/credentials.js';

/** Header names that carry credentials whatever the document says. */
const ALWAYS_SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
/** Distinct credential sets whose redactors are kept; a client sends the same few again and again. */
const REDACTORS_KEPT = 64;

/**
 * Masks credentials in what the proxy records (violation reports, HAR): the values of credential
 * headers and query parameters (the standard ones and those the document's apiKey schemes name),
 * and those same values wherever the upstream echoes them (bodies, other headers).
 */
export class CredentialMasker {
  private readonly headerNames: Set<string>;
  private readonly queryNames: Set<string>;
  /** A redactor compiles one regex of every form of its secrets: built once per credential set, not per request. */
  private readonly redactors = new Map<string, Redactor>();

  constructor(apiKeyHeaders: readonly string[], apiKeyQueryParams: readonly string[]) {
    this.headerNames = new Set([...ALWAYS_SECRET_HEADERS, ...apiKeyHeaders.map((h) => h.toLowerCase())]);
    this.queryNames = new Set(apiKeyQueryParams);
  }

  /** The credential values a request carries. */
  secretsOf(headers: Readonly<Record<string, string | string[] | undefined>>, url: URL): string[] {
    const secrets: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || !this.headerNames.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) secrets.push(...credentialParts(name, v));
    }
    for (const [name, value] of url.searchParams) if (this.queryNames.has(name) && value) secrets.push(value);
    return secrets.filter((s) => s.length >= 4);
  }

  /** A copy of a value (an exchange, failures) with every secret masked wherever it appears: the runner's own redactor. */
  mask<T>(value: T, secrets: readonly string[]): T {
    return secrets.length === 0 ? value : this.redactorFor(secrets).value(value);
  }

  private redactorFor(secrets: readonly string[]): Redactor {
    const key = JSON.stringify(secrets); // unambiguous, whatever characters a secret holds
    let redactor = this.redactors.get(key);
    if (!redactor) {
      if (this.redactors.size >= REDACTORS_KEPT) this.redactors.delete(this.redactors.keys().next().value!);
      this.redactors.set(key, (redactor = createRedactor(secrets)));
    }
    return redactor;
  }
}

/** `Bearer abc` -> the token and the whole value; `a=1; b=2` -> each cookie value. */
function credentialParts(name: string, value: string): string[] {
  if (name === 'cookie') return value.split(';').map((p) => p.split('=').slice(1).join('=').trim());
  if (name === 'set-cookie') return [value.split(';')[0]!.split('=').slice(1).join('=').trim()];
  const scheme = /^(\S+)\s+(.+)$/.exec(value);
  if (!scheme) return [value];
  const parts = [value, scheme[2]!];
  if (scheme[1]!.toLowerCase() === 'basic') {
    const decoded = Buffer.from(scheme[2]!, 'base64').toString('utf8');
    parts.push(decoded, decoded.split(':').slice(1).join(':'));
  }
  return parts;
}
