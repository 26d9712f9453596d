import { describe, expect, it } from 'vitest';
import { createRequestAuthenticator, type AuthMode } from '../../../src/mock/request-authenticator.js';
import { KeyRegistry, maskKey } from '../../../src/rate-limit/key-registry.js';
import type { Document } from '../../../src/spec/openapi.js';
import { buildSecurityIndex } from '../../../src/spec/security.js';

const document = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {},
  security: [{ Jwt: [] }],
  components: { securitySchemes: { Jwt: { type: 'http', scheme: 'bearer' } } },
} as unknown as Document;

const FREE = { perMinute: 60, perDay: 1_000 };
const PRO = { perMinute: 300, perDay: 10_000 };

function authenticator(mode: AuthMode) {
  const keys = new KeyRegistry();
  return createRequestAuthenticator({ security: buildSecurityIndex(document, []), mode, keys, defaultLimits: PRO, anonymousLimits: FREE, maskKey });
}
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, query: '', clientAddress: '10.0.0.7' });
const anonymous = { headers: {}, query: '', clientAddress: '10.0.0.7' };

describe('createRequestAuthenticator', () => {
  it('counts a known key on its own plan and scope, masked in the journal', () => {
    for (const mode of ['known-keys', 'any-credential'] as const) {
      const auth = authenticator(mode)(bearer('demo-readonly'), undefined);
      expect(auth).toEqual({ subject: 'key:demo-readonly', anonymous: false, limits: expect.objectContaining(FREE), scope: 'read-only', error: undefined, shown: 'demo…ly', credential: 'demo-readonly' });
    }
  });

  it('any-credential: counts an unknown credential on its own, under the default plan, read-write', () => {
    const auth = authenticator('any-credential')(bearer('tok-abcdef-1'), undefined);
    expect(auth).toEqual({ subject: 'key:tok-abcdef-1', anonymous: false, limits: PRO, scope: 'read-write', error: undefined, shown: 'tok-…-1', credential: 'tok-abcdef-1' });
  });

  it('known-keys: answers an unknown credential 401, counted per client address on the anonymous plan, masked', () => {
    const auth = authenticator('known-keys')(bearer('tok-abcdef-1'), undefined);
    expect(auth).toMatchObject({ subject: 'addr:10.0.0.7', anonymous: true, limits: FREE, shown: 'tok-…-1' });
    expect(auth.error?.toBody()).toEqual({ code: 'unauthorized', message: 'The bearer token in the Authorization header is not known', status: 401 });
    expect(auth.error?.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it('answers a missing credential 401 in both modes, with nothing to show', () => {
    for (const mode of ['known-keys', 'any-credential'] as const) {
      const auth = authenticator(mode)(anonymous, undefined);
      expect(auth).toMatchObject({ subject: 'addr:10.0.0.7', anonymous: true, limits: FREE, shown: null });
      expect(auth.error?.message).toBe('A valid bearer token is required in the Authorization header');
    }
  });

  it('counts public operations per client address on a counter of their own under the default plan, read-write', () => {
    const operation = { security: [] } as never;
    expect(authenticator('known-keys')(anonymous, operation)).toEqual({ subject: 'addr:public:10.0.0.7', anonymous: true, limits: PRO, scope: 'read-write', error: undefined, shown: null });
  });
});
