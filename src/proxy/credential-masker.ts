import { decodedOrAsIs } from '../core/decode-uri.js';
import type { Exchange } from '../contract/events.js';
import { createRedactor, maskSecret, type Redactor } from '../contract/credentials.js';

/** Header names that carry credentials whatever the document says. */
const ALWAYS_SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
/** Distinct credential sets whose redactors are kept; a client sends the same few again and again. */
const REDACTORS_KEPT = 64;

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/**
 * Masks credentials in what the proxy records (violation reports, HAR): the values of credential
 * headers and query parameters (the standard ones and those the document's apiKey schemes name),
 * the cookies the upstream sets, and those same values wherever they are echoed (bodies, other
 * headers, the URL), in each form they can take there.
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

  /**
   * The credential values of an exchange: the request's credential headers and query parameters
   * (each both as sent, say `%73ecret`, and decoded) and the cookies the answer sets.
   */
  secretsOf(headers: Headers, target: string, answerHeaders: Headers = {}): string[] {
    const secrets: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || !this.headerNames.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) secrets.push(...credentialParts(name, v));
    }
    const setCookie = answerHeaders['set-cookie'];
    for (const v of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) secrets.push(...credentialParts('set-cookie', v));
    const query = target.indexOf('?');
    if (query !== -1 && this.queryNames.size > 0) {
      for (const pair of target.slice(query + 1).split('&')) {
        const eq = pair.indexOf('=');
        if (eq === -1 || !this.queryNames.has(formDecoded(pair.slice(0, eq)))) continue;
        const raw = pair.slice(eq + 1).replace(/#.*$/, '');
        secrets.push(raw, formDecoded(raw));
      }
    }
    return secrets.filter((s) => s.length >= 4);
  }

  /** A copy of a value (failures, say) with every secret masked wherever it appears: the runner's own redactor. */
  mask<T>(value: T, secrets: readonly string[]): T {
    return secrets.length === 0 ? value : this.redactorFor(secrets).value(value);
  }

  /** `text` with every secret masked. */
  maskText(text: string, secrets: readonly string[]): string {
    return secrets.length === 0 ? text : this.redactorFor(secrets).text(text);
  }

  /** How far past a point a key that starts before it can reach, in any form the masking knows. */
  longestForm(secrets: readonly string[]): number {
    return secrets.length === 0 ? 0 : this.redactorFor(secrets).longest;
  }

  /**
   * A copy of an exchange with every secret masked, and the credential headers masked whole
   * whatever their length (a cookie of three characters is no less a credential).
   */
  maskExchange(exchange: Exchange, secrets: readonly string[]): Exchange {
    const masked = this.mask(exchange, secrets);
    const url = secrets.length === 0 ? masked.request.url : maskedUrl(masked.request.url, this.redactorFor(secrets).text);
    return {
      ...masked,
      request: { ...masked.request, url, headers: this.maskHeaders(masked.request.headers) },
      response: { ...masked.response, headers: this.maskHeaders(masked.response.headers) },
    };
  }

  private maskHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) out[name] = this.headerNames.has(name) ? maskedHeaderValue(name, value) : value;
    return out;
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

/**
 * A credential header as a report shows it: cookie names and attributes kept, each value masked
 * (`sid=…`); an authorization scheme kept, its token masked. Several `Set-Cookie` headers arrive
 * joined by `, `, which an `Expires` date also holds: a cookie starts where `name=` follows.
 */
function maskedHeaderValue(name: string, value: string): string {
  const pair = (p: string) => p.replace(/^(\s*[^=;]*=)(.*)$/, (_, head: string, v: string) => head + maskSecret(v.trim()));
  if (name === 'cookie') return value.split(';').map(pair).join(';');
  if (name === 'set-cookie') return value.split(/,\s*(?=[^\s;,=]+=)/).map((cookie) => { const [first = '', ...attributes] = cookie.split(';'); return [pair(first), ...attributes].join(';'); }).join(', ');
  const scheme = /^(\S+)(\s+)(.+)$/.exec(value);
  return scheme ? `${scheme[1]}${scheme[2]}${maskSecret(scheme[3]!)}` : maskSecret(value);
}

/**
 * A URL whose path segments and query components are masked once decoded too: `%73ecret` is
 * `secret` to the server and to anyone who reads the HAR's `queryString`, which holds it decoded.
 */
function maskedUrl(url: string, text: (value: string) => string): string {
  const decodedMasked = (raw: string, decode: (raw: string) => string) => {
    const decoded = decode(raw);
    const masked = text(decoded);
    return masked === decoded ? raw : encodeURIComponent(masked);
  };
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).split('/').map((segment) => decodedMasked(segment, decodedOrAsIs)).join('/');
  if (q === -1) return path;
  const query = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq === -1 ? decodedMasked(pair, formDecoded) : `${decodedMasked(pair.slice(0, eq), formDecoded)}=${decodedMasked(pair.slice(eq + 1), formDecoded)}`;
  });
  return `${path}?${query.join('&')}`;
}

/** A query component as a server reads it (`+` a space, percent-escapes decoded). */
function formDecoded(raw: string): string {
  return decodedOrAsIs(raw.replace(/\+/g, ' '));
}
