/**
 * Which credential, if any, a request authenticates with, given its operation's security
 * (INTERFACE.md section 10, "Security from the document"; sections 4-5 for the bundled Petstore).
 * Pure: no I/O, no node: imports. docs/decisions/020-security-schemes.md explains the choices.
 */
import type { CredentialScheme, OperationSecurity, Requirement } from '../spec/security.js';

/** Where a request's credentials are read from; each returns undefined when absent. */
export interface CredentialSource {
  /** By lower-case name; the first value when repeated. */
  header(name: string): string | undefined;
  query(name: string): string | undefined;
  cookie(name: string): string | undefined;
}

export type Authentication =
  /** The operation asks nothing (`security: []`, `{}`), and no accepted credential came. */
  | { outcome: 'public'; presented: string | undefined }
  /** A credential `accepts` took: it names the client (rate limits, plan, scope). */
  | { outcome: 'authenticated'; credential: string }
  /** 401: no alternative had all its credentials (`presented`: one it had, for the journal). */
  | { outcome: 'missing'; presented: string | undefined; message: string; challenge: string }
  /** 401: credentials were there, none accepted (known-keys mode). */
  | { outcome: 'unknown'; presented: string; message: string; challenge: string };

/**
 * Alternatives are tried in document order (OR); inside one, every scheme must have a non-empty
 * credential (AND). The first alternative with an accepted credential wins; in an AND, the first
 * accepted credential names the client (say an app key plus a user token: either may be the key).
 */
export function authenticate(source: CredentialSource, security: OperationSecurity, accepts: (credential: string) => boolean): Authentication {
  let partial: string | undefined;
  let refused: string | undefined;
  for (const requirement of security.alternatives) {
    const credentials: string[] = [];
    for (const scheme of requirement) {
      const credential = credentialOf(scheme, source);
      if (credential === undefined) break;
      credentials.push(credential);
    }
    if (credentials.length < requirement.length) {
      partial ??= credentials[0];
      continue;
    }
    const accepted = credentials.find(accepts);
    if (accepted !== undefined) return { outcome: 'authenticated', credential: accepted };
    refused ??= credentials[0];
  }
  if (security.isPublic) return { outcome: 'public', presented: refused ?? partial };
  const challenge = challenges(security);
  if (refused !== undefined) return { outcome: 'unknown', presented: refused, message: unknownMessage(security), challenge };
  return { outcome: 'missing', presented: partial, message: missingMessage(security), challenge };
}

/** The credential a scheme finds in the request: the api key, the bearer token, the basic password. */
export function credentialOf(scheme: CredentialScheme, source: CredentialSource): string | undefined {
  switch (scheme.kind) {
    case 'apiKey': {
      const value = scheme.in === 'header' ? source.header(scheme.name.toLowerCase()) : scheme.in === 'query' ? source.query(scheme.name) : source.cookie(scheme.name);
      return value === '' ? undefined : value;
    }
    case 'bearer':
      return afterAuthScheme(source.header('authorization'), 'bearer');
    case 'basic':
      return basicPassword(source.header('authorization'));
    case 'authorization': {
      const value = source.header('authorization');
      if (scheme.authScheme) return afterAuthScheme(value, scheme.authScheme.toLowerCase());
      // Any scheme word: `Bearer demo-pro` and a bare `demo-pro` both give `demo-pro`.
      const match = value === undefined ? null : /^\s*(?:[^\s]+\s+)?(.*?)\s*$/.exec(value);
      return match?.[1] ? match[1] : undefined;
    }
  }
}

/** `Bearer abc` -> `abc` when the auth-scheme word matches (case-insensitive, RFC 9110 section 11.1). */
function afterAuthScheme(value: string | undefined, authScheme: string): string | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*([^\s]+)\s+(.*?)\s*$/.exec(value);
  if (!match || match[1]!.toLowerCase() !== authScheme || match[2] === '') return undefined;
  return match[2];
}

const utf8 = new TextDecoder();
/** Decoded credentials by `Authorization` value: a client sends the same one on every request. */
const decoded = new Map<string, string | undefined>();
const DECODED_MAX = 256;

/** The password of an `Authorization: Basic base64(user:password)` value, undefined when malformed or empty. */
function basicPassword(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (decoded.has(header)) return decoded.get(header);
  const encoded = afterAuthScheme(header, 'basic');
  const password = encoded === undefined ? undefined : decodeBasicPassword(encoded);
  if (decoded.size >= DECODED_MAX) decoded.clear();
  decoded.set(header, password);
  return password;
}

function decodeBasicPassword(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+=*$/.test(encoded)) return undefined;
  let text: string;
  try {
    const binary = atob(encoded);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  if (colon < 0 || colon === text.length - 1) return undefined;
  return text.slice(colon + 1);
}

/** `WWW-Authenticate`: one challenge per distinct scheme the operation accepts (RFC 9110 section 11.6.1). */
export function challenges(security: OperationSecurity): string {
  const all = new Set<string>();
  for (const requirement of security.alternatives) for (const scheme of requirement) all.add(challengeOf(scheme));
  return [...all].join(', ');
}

function challengeOf(scheme: CredentialScheme): string {
  switch (scheme.kind) {
    case 'apiKey':
      return `ApiKey ${scheme.in}=${quoted(scheme.name)}`;
    case 'bearer':
      return 'Bearer';
    case 'basic':
      return `Basic realm="petstore-kit"`;
    case 'authorization':
      return scheme.authScheme ? `${scheme.authScheme} realm="petstore-kit"` : 'Bearer';
  }
}

/** A quoted-string (RFC 9110 section 5.6.4) with nothing that could break the header line. */
function quoted(text: string): string {
  return `"${text.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '\\$&')}"`;
}

function missingMessage(security: OperationSecurity): string {
  const [only, more] = security.alternatives;
  if (only && !more && only.length === 1) {
    const [what, where] = describe(only[0]!);
    return `A valid ${what} is required in ${where}`;
  }
  return `A valid credential is required: ${security.alternatives.map(describeRequirement).join(', or ')}`;
}

function unknownMessage(security: OperationSecurity): string {
  const [only, more] = security.alternatives;
  if (only && !more && only.length === 1) {
    const scheme = only[0]!;
    const [what, where] = describe(scheme);
    return `The ${what} in ${scheme.kind === 'apiKey' && scheme.in === 'header' ? scheme.name : where} is not known`;
  }
  return 'None of the credentials sent is known';
}

function describeRequirement(requirement: Requirement): string {
  return requirement.map((scheme) => describe(scheme).join(' in ')).join(' and ');
}

/** [what, where]: `['API key', 'the X-API-Key header']`, `['bearer token', 'the Authorization header']`. */
function describe(scheme: CredentialScheme): [string, string] {
  switch (scheme.kind) {
    case 'apiKey':
      return ['API key', `the ${scheme.name} ${scheme.in === 'query' ? 'query parameter' : scheme.in}`];
    case 'bearer':
      return ['bearer token', 'the Authorization header'];
    case 'basic':
      return ['user name and password (Basic)', 'the Authorization header'];
    case 'authorization':
      return [scheme.authScheme ? `${scheme.authScheme} credential` : 'credential', 'the Authorization header'];
  }
}
