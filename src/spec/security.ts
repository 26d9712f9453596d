/**
 * The security of each operation, read once at load from `security` and
 * `components.securitySchemes` (INTERFACE.md section 10, "Security from the document"). The mock
 * (src/mock/authenticate.ts) and the start-up banner read this, never the raw document.
 * Choices for schemes the mock cannot check are in docs/decisions/020-security-schemes.md.
 */
import type { Document } from './openapi.js';

/** Where one scheme's credential travels, and what the mock takes as its value. */
export type CredentialScheme =
  /** An API key in a header, query parameter or cookie of that name; the credential is its value. */
  | { kind: 'apiKey'; scheme: string; in: 'header' | 'query' | 'cookie'; name: string }
  /** `Authorization: Bearer TOKEN`: http bearer, oauth2 and openIdConnect; the credential is TOKEN. */
  | { kind: 'bearer'; scheme: string }
  /** `Authorization: Basic base64(user:password)`; the credential is the password. */
  | { kind: 'basic'; scheme: string }
  /**
   * Any credential in `Authorization`: another http scheme (digest, negotiate...) when `authScheme`
   * is set (the value after that word), or, for an unknown type or an undeclared scheme, any value.
   */
  | { kind: 'authorization'; scheme: string; authScheme: string | undefined };

/** One security requirement: every scheme in it must be satisfied (AND). */
export type Requirement = readonly CredentialScheme[];

export interface OperationSecurity {
  /** Alternatives (OR), in document order; never empty unless `isPublic`. */
  readonly alternatives: readonly Requirement[];
  /** `security: []`, or an alternative that asks nothing (`{}`, or only schemes the mock cannot see). */
  readonly isPublic: boolean;
}

export interface SecurityIndex {
  /** The effective security of an operation; the document's own for a request that matched none. */
  of(operation: Secured | undefined): OperationSecurity;
  /** Schemes the mock cannot check as the document says, each with what it does instead (printed at start-up). */
  readonly notes: readonly string[];
}

type RawScheme = { type?: unknown; in?: unknown; name?: unknown; scheme?: unknown };

type Secured = { security: readonly Record<string, readonly string[]>[] };

/**
 * Resolves every scheme once, and each distinct `security` array once, at load: each request's
 * answer is then a Map lookup, and `notes` is complete before the first request.
 */
export function buildSecurityIndex(document: Document, operations: readonly Secured[]): SecurityIndex {
  const declared = (document.components?.securitySchemes ?? {}) as Record<string, RawScheme>;
  const notes: string[] = [];
  const schemes = new Map<string, CredentialScheme | 'transport'>();
  const schemeFor = (name: string): CredentialScheme | 'transport' => {
    let found = schemes.get(name);
    if (!found) schemes.set(name, (found = resolveScheme(name, declared[name], notes)));
    return found;
  };
  const resolved = new Map<readonly Record<string, readonly string[]>[], OperationSecurity>();
  const resolve = (security: readonly Record<string, readonly string[]>[]): OperationSecurity => {
    let result = resolved.get(security);
    if (!result) resolved.set(security, (result = resolveRequirements(security, schemeFor)));
    return result;
  };
  const documentSecurity = document.security ?? [];
  for (const operation of operations) resolve(operation.security);
  resolve(documentSecurity);
  return { of: (operation) => resolve(operation ? operation.security : documentSecurity), notes };
}

function resolveRequirements(security: readonly Record<string, readonly string[]>[], schemeFor: (name: string) => CredentialScheme | 'transport'): OperationSecurity {
  if (security.length === 0) return { alternatives: [], isPublic: true };
  const alternatives: Requirement[] = [];
  let isPublic = false;
  for (const requirement of security) {
    const names = Object.keys(requirement ?? {});
    const needed = names.map(schemeFor).filter((s): s is CredentialScheme => s !== 'transport');
    // `{}` (authentication optional), or only mutualTLS, which a plain-HTTP mock cannot see.
    if (needed.length === 0) isPublic = true;
    else alternatives.push(needed);
  }
  return { alternatives, isPublic };
}

function resolveScheme(name: string, raw: RawScheme | undefined, notes: string[]): CredentialScheme | 'transport' {
  if (raw === undefined || raw === null || typeof raw !== 'object') {
    notes.push(`security scheme "${name}" is required but not declared in components.securitySchemes: any credential in the Authorization header passes for it`);
    return { kind: 'authorization', scheme: name, authScheme: undefined };
  }
  switch (raw.type) {
    case 'apiKey':
      if ((raw.in === 'header' || raw.in === 'query' || raw.in === 'cookie') && typeof raw.name === 'string' && raw.name !== '') {
        return { kind: 'apiKey', scheme: name, in: raw.in, name: raw.name };
      }
      notes.push(`security scheme "${name}" (apiKey) has no usable "in" and "name": any credential in the Authorization header passes for it`);
      return { kind: 'authorization', scheme: name, authScheme: undefined };
    case 'http': {
      const scheme = typeof raw.scheme === 'string' ? raw.scheme.toLowerCase() : '';
      if (scheme === 'bearer') return { kind: 'bearer', scheme: name };
      if (scheme === 'basic') return { kind: 'basic', scheme: name };
      if (/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(scheme)) {
        notes.push(`security scheme "${name}" (http ${raw.scheme}) is not checked: any "Authorization: ${raw.scheme} ..." value passes for it`);
        return { kind: 'authorization', scheme: name, authScheme: String(raw.scheme) };
      }
      notes.push(`security scheme "${name}" (http) has no usable "scheme": any credential in the Authorization header passes for it`);
      return { kind: 'authorization', scheme: name, authScheme: undefined };
    }
    case 'oauth2':
    case 'openIdConnect':
      return { kind: 'bearer', scheme: name };
    case 'mutualTLS':
      notes.push(`security scheme "${name}" (mutualTLS) cannot be checked over plain HTTP: requirements that need only it are public`);
      return 'transport';
  }
  notes.push(`security scheme "${name}" has an unsupported type ${JSON.stringify(raw.type)}: any credential in the Authorization header passes for it`);
  return { kind: 'authorization', scheme: name, authScheme: undefined };
}

/** How the document's own security asks for a credential, for the start-up banner: `X-API-Key`, `Authorization: Bearer`... */
export function credentialPlacement(security: OperationSecurity): string | undefined {
  const first = security.alternatives[0]?.[0];
  if (!first) return undefined;
  switch (first.kind) {
    case 'apiKey':
      return first.in === 'header' ? first.name : `the ${first.name} ${first.in === 'query' ? 'query parameter' : 'cookie'}`;
    case 'bearer':
      return 'Authorization: Bearer';
    case 'basic':
      return 'the Basic password';
    case 'authorization':
      return `Authorization${first.authScheme ? `: ${first.authScheme}` : ''}`;
  }
}
