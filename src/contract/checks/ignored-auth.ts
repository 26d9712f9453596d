import type { Operation } from '../../spec/operation-index.js';
import { requiresCredential } from '../documented-response.js';
import type { CheckInfo } from './types.js';

/**
 * Judged by status-expected.ts on the negative phase's requests without a credential and with a
 * wrong one (negative-cases.ts; the wrong values: ignored-auth-credential.ts).
 */
export const IGNORED_AUTH: CheckInfo = {
  name: 'ignored_auth',
  checks: 'an operation that declares security refuses a request without the credential, or with a wrong one, with 401 (or the 4xx it documents)',
  basis: 'the operation security in the document; RFC 9110 sections 15.5.2 (401) and 15.5.4 (403)',
};

/**
 * What a request with a wrong credential must get: the 401 and 403 the operation documents, else
 * 401 or 403 (RFC 9110: 401 when the credentials are refused, 403 when the server will not let
 * them in; APIs answer either to an unknown key) or another 4xx it lists, as without a credential.
 */
export function wrongCredentialStatuses(operation: Operation): string[] {
  const documented = ['401', '403'].filter((status) => operation.responses[status] !== undefined);
  if (documented.length > 0) return documented;
  return ['401', '403', ...Object.keys(operation.responses).filter((k) => /^4\d\d$/.test(k))];
}

/**
 * The operations that carry the case with a wrong credential: one for each security requirement
 * among those run (a wrong key is refused, or let in, by whatever checks that scheme, not per
 * operation; the request without a credential stays on every operation). The first read of a
 * list, else the first read, else the first operation: a server that lets a wrong key in then
 * answers a read, not a write the run did not mean to make.
 */
export function wrongCredentialCarriers(operations: readonly Operation[]): ReadonlySet<Operation> {
  const byRequirement = new Map<string, Operation[]>();
  for (const operation of operations.filter(requiresCredential)) {
    const key = JSON.stringify(operation.security);
    byRequirement.set(key, [...(byRequirement.get(key) ?? []), operation]);
  }
  const carriers = new Set<Operation>();
  for (const group of byRequirement.values()) {
    const reads = group.filter((o) => o.method === 'get');
    carriers.add(reads.find((o) => !o.path.includes('{')) ?? reads[0] ?? group[0]!);
  }
  return carriers;
}
