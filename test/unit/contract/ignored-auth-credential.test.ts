import { describe, expect, it } from 'vitest';
import { WRONG_CREDENTIAL, wrongCredentials } from '../../../src/contract/checks/ignored-auth-credential.js';
import { placeCredentials, runCredentials, type SecuritySchemes } from '../../../src/contract/credential-placement.js';

const schemes: SecuritySchemes = {
  key: { type: 'apiKey', in: 'query', name: 'api_key' },
  bearer: { type: 'http', scheme: 'bearer' },
  basic: { type: 'http', scheme: 'basic' },
};
type CredentialOptions = Parameters<typeof runCredentials>[0];
const NONE: CredentialOptions = { apiKey: undefined, readonlyKey: undefined, rateLimitKey: undefined, authBasic: undefined, headers: [] };
const wrongPlacement = (security: Record<string, string[]>[], options: Partial<CredentialOptions>) =>
  placeCredentials(security, schemes, wrongCredentials(runCredentials({ ...NONE, ...options })), 'api-key');

describe('the wrong credential of ignored_auth', () => {
  it('goes where the real one goes, with a wrong value: an apiKey in the query, a bearer token', () => {
    expect(wrongPlacement([{ key: [] }], { apiKey: 'real-key-123' }).query).toEqual({ api_key: WRONG_CREDENTIAL });
    expect(wrongPlacement([{ bearer: [] }], { apiKey: 'real-key-123' }).headers).toEqual({ Authorization: `Bearer ${WRONG_CREDENTIAL}` });
  });

  it('keeps the basic user and makes the password wrong', () => {
    const header = wrongPlacement([{ basic: [] }], { authBasic: { user: 'ann', password: 's3cret' } }).headers['Authorization']!;
    expect(Buffer.from(header.replace(/^Basic /, ''), 'base64').toString()).toBe(`ann:${WRONG_CREDENTIAL}`);
  });

  it('makes credential --header values wrong, scheme and cookie names kept, and leaves other headers alone', () => {
    const headers = wrongPlacement([{ bearer: [] }], { headers: [['Authorization', 'Token abc.def'], ['Cookie', 'sid=1; csrf=2'], ['X-Trace', 't-1']] }).headers;
    expect(headers).toEqual({ Authorization: `Token ${WRONG_CREDENTIAL}`, Cookie: `sid=${WRONG_CREDENTIAL}; csrf=${WRONG_CREDENTIAL}`, 'X-Trace': 't-1' });
  });

  it('is never the run own credential, even when that is the wrong value itself', () => {
    expect(wrongPlacement([{ key: [] }], { apiKey: WRONG_CREDENTIAL }).query['api_key']).not.toBe(WRONG_CREDENTIAL);
  });
});
