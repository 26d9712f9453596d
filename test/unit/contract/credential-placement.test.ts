import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { credentialSecrets, missingCredentials, placeCredentials, runCredentials, type RunCredentials, type SecuritySchemes } from '../../../src/contract/credential-placement.js';
import { normalizeOptions } from '../../../src/contract/options.js';
import { ContractRunError } from '../../../src/contract/contract-error.js';

const schemes: SecuritySchemes = {
  headerKey: { type: 'apiKey', in: 'header', name: 'X-Key' },
  queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  basic: { type: 'http', scheme: 'basic' },
  digest: { type: 'http', scheme: 'digest' },
  oauth: { type: 'oauth2', flows: {} } as OpenAPIV3.OAuth2SecurityScheme,
  oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example/.well-known/openid-configuration' },
};
const credentials: RunCredentials = runCredentials({
  apiKey: 'rw-key',
  readonlyKey: 'ro-key',
  rateLimitKey: undefined,
  authBasic: { user: 'ann', password: 'pw' },
  headers: [['X-Tenant', 'acme'], ['X-Session-Token', 'tok']],
});
const place = (security: OpenAPIV3.SecurityRequirementObject[], kind: 'api-key' | 'none' | 'readonly-key' = 'api-key', creds = credentials) => placeCredentials(security, schemes, creds, kind);
const extra = { 'X-Tenant': 'acme', 'X-Session-Token': 'tok' };

describe('credentials go where the document\'s scheme says', () => {
  it.each<[string, OpenAPIV3.SecurityRequirementObject[], unknown]>([
    ['an apiKey header', [{ headerKey: [] }], { headers: { ...extra, 'X-Key': 'rw-key' }, query: {}, cookies: {} }],
    ['an apiKey in the query', [{ queryKey: [] }], { headers: extra, query: { api_key: 'rw-key' }, cookies: {} }],
    ['an apiKey cookie', [{ cookieKey: [] }], { headers: extra, query: {}, cookies: { session: 'rw-key' } }],
    ['http bearer', [{ bearer: [] }], { headers: { ...extra, Authorization: 'Bearer rw-key' }, query: {}, cookies: {} }],
    ['oauth2, as a bearer token', [{ oauth: ['read'] }], { headers: { ...extra, Authorization: 'Bearer rw-key' }, query: {}, cookies: {} }],
    ['openIdConnect, as a bearer token', [{ oidc: [] }], { headers: { ...extra, Authorization: 'Bearer rw-key' }, query: {}, cookies: {} }],
    ['http basic, from --auth-basic', [{ basic: [] }], { headers: { ...extra, Authorization: `Basic ${Buffer.from('ann:pw').toString('base64')}` }, query: {}, cookies: {} }],
    ['both schemes of an AND', [{ headerKey: [], queryKey: [] }], { headers: { ...extra, 'X-Key': 'rw-key' }, query: { api_key: 'rw-key' }, cookies: {} }],
    ['the first alternative (OR) the run can fill', [{ digest: [] }, { queryKey: [] }], { headers: extra, query: { api_key: 'rw-key' }, cookies: {} }],
    ['nothing but --header for security: []', [], { headers: extra, query: {}, cookies: {} }],
  ])('%s', (_name, security, expected) => {
    expect(place(security)).toEqual(expected);
  });

  it('sends the read-only key in the key\'s place, and refuses an alternative that would not use it', () => {
    expect(place([{ bearer: [] }], 'readonly-key').headers['Authorization']).toBe('Bearer ro-key');
    expect(place([{ basic: [] }, { headerKey: [] }], 'readonly-key').headers['X-Key']).toBe('ro-key');
    expect(place([{ basic: [] }, { headerKey: [] }], 'readonly-key').headers['Authorization']).toBeUndefined();
  });

  it('sends no credential, and no credential --header, in the no-credential case', () => {
    expect(place([{ bearer: [] }], 'none')).toEqual({ headers: { 'X-Tenant': 'acme' }, query: {}, cookies: {} });
  });

  it('lets the scheme\'s Authorization replace a --header of that name', () => {
    const creds = { ...credentials, headers: [['authorization', 'Token old']] as const };
    expect(place([{ bearer: [] }], 'api-key', creds).headers).toEqual({ Authorization: 'Bearer rw-key' });
  });

  it('says which credential a case lacks, for its skip reason', () => {
    const available = { apiKey: true, basic: false, readonlyKey: false, credentialHeader: false };
    expect(missingCredentials([{ basic: [] }], schemes, 'api-key', available)).toBe(
      'it needs basic (http basic), and the run was given no such credential (--api-key, --auth-basic, or a credential --header)',
    );
    expect(missingCredentials([{ digest: [] }, { headerKey: [] }], schemes, 'api-key', available)).toBeUndefined();
    expect(missingCredentials([{ basic: [] }, {}], schemes, 'api-key', available)).toBeUndefined();
    expect(missingCredentials([{ basic: [] }], schemes, 'api-key', { ...available, credentialHeader: true })).toBeUndefined();
    expect(missingCredentials([{ basic: [] }], schemes, 'none', available)).toBeUndefined();
  });

  it('lists every credential value for the transport to mask, the basic token included, not plain headers', () => {
    expect(credentialSecrets(credentials).sort()).toEqual(['pw', Buffer.from('ann:pw').toString('base64'), 'ro-key', 'rw-key', 'rw-key', 'tok'].sort());
  });
});

describe('a request with credentials', () => {
  it('puts a query key in the URL, a cookie key in Cookie, and lets --header replace the runner\'s Accept', async () => {
    const { withCredentials } = await import('../../../src/contract/request-builder.js');
    const plan = { security: [{ queryKey: [], cookieKey: [] }], securitySchemes: schemes } as unknown as Parameters<typeof withCredentials>[0];
    const headers: Record<string, string> = { accept: 'application/json', cookie: 'lang=en' };
    const creds = { ...credentials, headers: [['Accept', 'application/vnd.api+json']] as const };
    const url = withCredentials(plan, creds, undefined, 'api-key', 'http://api.test/things?page=2', headers);
    expect(url).toBe('http://api.test/things?page=2&api_key=rw-key');
    expect(headers).toEqual({ Accept: 'application/vnd.api+json', cookie: 'lang=en; session=rw-key' });
  });
});

describe('the credentials a report must never show', () => {
  it('are every key, the basic password and its token, and credential headers, for the redactor and the origin rule', async () => {
    const { credentialsOf } = await import('../../../src/contract/credentials.js');
    const options = normalizeOptions({ baseUrl: 'http://x', apiKey: 'rw-key', authBasic: 'ann:pass-word', headers: ['X-Tenant: acme', 'X-Session-Token: tok-123'] });
    expect(credentialsOf(options).sort()).toEqual(['pass-word', Buffer.from('ann:pass-word').toString('base64'), 'rw-key', 'tok-123'].sort());
  });
});

describe('credential flags, normalised at the edge', () => {
  it('takes --auth-basic and --header instead of --api-key', () => {
    const options = normalizeOptions({ baseUrl: 'http://x', authBasic: 'ann:p:w', headers: ['X-Tenant:  acme ', 'Authorization: Token t'] });
    expect([options.apiKey, options.authBasic, options.headers]).toEqual([undefined, { user: 'ann', password: 'p:w' }, [['X-Tenant', 'acme'], ['Authorization', 'Token t']]]);
  });

  it.each([
    [{ authBasic: 'nocolon' }, /--auth-basic must be USER:PASS/],
    [{ authBasic: ':pw' }, /--auth-basic must be USER:PASS \(got 'an empty user'\)/],
    [{ headers: ['no colon'] }, /--header must be 'Name: value'/],
    [{ headers: ['Bad Name: v'] }, /--header must be 'Name: value' with a valid header name \(got 'Bad Name'\)/],
    [{ apiKey: '' }, /--api-key must not be empty/],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeOptions({ baseUrl: 'http://x', ...input })).toThrow(ContractRunError);
    expect(() => normalizeOptions({ baseUrl: 'http://x', ...input })).toThrow(message);
  });

  it('takes no credential at all: whether the document asks for one is decided once it is loaded (decision 036)', () => {
    expect(normalizeOptions({ baseUrl: 'http://x' })).toMatchObject({ apiKey: undefined, authBasic: undefined, headers: undefined });
  });
});
