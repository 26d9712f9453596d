/**
 * From a request to who it is counted against (INTERFACE.md sections 4, 5 and 10): the credential
 * authenticate() accepted, or the client address under the anonymous plan for public operations
 * and for requests answered 401 (so credential guessing is limited too). Pure (no node:).
 */
import { ApiError } from '../core/errors.js';
import { addressSubject, keySubject, publicSubject } from '../rate-limit/subjects.js';
import type { ApiKeyRecord, Limits, Scope } from '../rate-limit/types.js';
import type { SecurityIndex } from '../spec/security.js';
import type { Operation } from '../spec/operation-index.js';
import { authenticate } from './authenticate.js';
import type { MockRequest } from './mock-request.js';
import { credentialSource } from './request-credentials.js';

/**
 * `known-keys`: only the demo keys and configured keys pass. `any-credential`: every non-empty
 * credential passes but one marked invalid (`REFUSED_CREDENTIAL`); one that is not a known key gets
 * the default plan and read-write scope (docs/decisions/089-a-credential-marked-invalid.md).
 */
export type AuthMode = 'known-keys' | 'any-credential';

/** Under any-credential, a credential beginning with `invalid` (any case) is refused as a wrong one: a client's 401 path, and the runner's wrong-credential case, have a wrong credential to send. */
export const REFUSED_CREDENTIAL = /^invalid/i;
export const AUTH_MODES: readonly AuthMode[] = ['known-keys', 'any-credential'];

export interface RequestAuthOptions {
  security: SecurityIndex;
  mode: AuthMode;
  keys: { get(key: string): Readonly<ApiKeyRecord> | undefined };
  /** Limits of an accepted credential that is not a known key (any-credential mode), and of public operations per client address. */
  defaultLimits: Limits;
  /** Limits of requests answered 401, counted per client address (key guessing is limited too). */
  anonymousLimits: Limits;
  maskKey(key: string): string;
}

export interface RequestAuth {
  /** The rate-limit subject (keySubject or addressSubject). */
  subject: string;
  /** Counted per client address (public operation, or answered 401), not on a credential. */
  anonymous: boolean;
  limits: Limits;
  scope: Scope;
  /** The 401 to answer once the request is counted; undefined when it may go on. */
  error: ApiError | undefined;
  /** The credential the request came with, masked for the journal and the log; null when none. */
  shown: string | null;
  /** That credential as sent, so what the journal keeps of the request can be masked (never kept itself). */
  credential?: string;
}

export type RequestAuthenticator = (request: Pick<MockRequest, 'headers' | 'query' | 'clientAddress'>, operation: Operation | undefined) => RequestAuth;

export function createRequestAuthenticator(options: RequestAuthOptions): RequestAuthenticator {
  const { keys, mode, maskKey } = options;
  const accepts = mode === 'known-keys' ? (credential: string) => keys.get(credential) !== undefined : (credential: string) => keys.get(credential) !== undefined || !REFUSED_CREDENTIAL.test(credential);
  const shown = (credential: string | undefined) => (credential === undefined ? null : maskKey(credential));
  return (request, operation) => {
    const result = authenticate(credentialSource(request), options.security.of(operation), accepts);
    switch (result.outcome) {
      case 'authenticated': {
        const record = keys.get(result.credential);
        return { subject: keySubject(result.credential), anonymous: false, limits: record ?? options.defaultLimits, scope: record?.scope ?? 'read-write', error: undefined, shown: maskKey(result.credential), credential: result.credential };
      }
      case 'public':
        // Public traffic is ordinary use, not key guessing: its own counter, under the default plan.
        return { subject: publicSubject(request.clientAddress), anonymous: true, limits: options.defaultLimits, scope: 'read-write', error: undefined, shown: shown(result.presented), ...(result.presented !== undefined && { credential: result.presented }) };
      default:
        return {
          subject: addressSubject(request.clientAddress),
          anonymous: true,
          limits: options.anonymousLimits,
          scope: 'read-only',
          error: result.outcome === 'unknown' && refusesWith403(operation) ? new ApiError('forbidden', result.message) : new ApiError('unauthorized', result.message, { headers: { 'WWW-Authenticate': result.challenge } }),
          shown: shown(result.presented),
          ...(result.presented !== undefined && { credential: result.presented }),
        };
    }
  };
}

/**
 * A credential that came but is refused is answered 403 where the operation documents 403 and not
 * 401 (eBay's and the New York Times' documents list only 403 for a bad key): the mock answers
 * only what its document allows, and RFC 9110 (section 15.5.4) lets a server refuse credentials it
 * understood with 403. A missing credential stays 401 (section 15.5.2), documented or not: the
 * operation's `security` says one is needed (decision 098).
 */
function refusesWith403(operation: Operation | undefined): boolean {
  return operation !== undefined && operation.responses['403'] !== undefined && operation.responses['401'] === undefined;
}
