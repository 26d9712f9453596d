import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../src/mock/authenticate.js';
import { credentialSource } from '../../../src/mock/request-credentials.js';
import type { Document } from '../../../src/spec/openapi.js';
import { buildSecurityIndex } from '../../../src/spec/security.js';

const document = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    securitySchemes: {
      ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      QueryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
      CookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' },
      Jwt: { type: 'http', scheme: 'bearer' },
      Basic: { type: 'http', scheme: 'basic' },
      OAuth: { type: 'oauth2', flows: {} },
      Oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.test/oidc' },
      Digest: { type: 'http', scheme: 'Digest' },
    },
  },
} as unknown as Document;
const index = buildSecurityIndex(document, []);
const security = (...alternatives: Record<string, string[]>[]) => index.of({ security: alternatives });

const KNOWN = new Set(['demo-pro', 'demo-free']);
const knownKeys = (credential: string) => KNOWN.has(credential);
const anyCredential = () => true;

function request(headers: Record<string, string> = {}, query = '') {
  return credentialSource({ headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), query });
}
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('authenticate: where each scheme finds its credential', () => {
  const cases: [string, Record<string, string[]>, Record<string, string>, string, string][] = [
    ['apiKey in a header', { ApiKeyAuth: [] }, { 'X-API-Key': 'demo-pro' }, '', 'ApiKey header="X-API-Key"'],
    ['apiKey in the query', { QueryKey: [] }, {}, 'limit=3&api_key=demo-pro', 'ApiKey query="api_key"'],
    ['apiKey in a cookie', { CookieKey: [] }, { Cookie: 'theme=dark; sid=demo-pro' }, '', 'ApiKey cookie="sid"'],
    ['http bearer', { Jwt: [] }, { Authorization: 'Bearer demo-pro' }, '', 'Bearer'],
    ['oauth2 (a bearer token)', { OAuth: ['read'] }, { Authorization: 'bearer demo-pro' }, '', 'Bearer'],
    ['openIdConnect (a bearer token)', { Oidc: [] }, { Authorization: 'BEARER  demo-pro ' }, '', 'Bearer'],
    ['http basic (the password)', { Basic: [] }, { Authorization: basic('ann', 'demo-pro') }, '', 'Basic realm="petstore-kit"'],
    ['another http scheme (the value after its name)', { Digest: [] }, { Authorization: 'Digest demo-pro' }, '', 'Digest realm="petstore-kit"'],
  ];
  for (const [name, requirement, headers, query, challenge] of cases) {
    it(`${name}: accepts a known credential, refuses an unknown one, asks for a missing one`, () => {
      expect(authenticate(request(headers, query), security(requirement), knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
      const swap = (text: string) => text.replace('demo-pro', 'guess-123');
      const unknownHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, k === 'Authorization' && requirement.Basic ? basic('ann', 'guess-123') : swap(v)]));
      const unknown = authenticate(request(unknownHeaders, swap(query)), security(requirement), knownKeys);
      expect(unknown).toMatchObject({ outcome: 'unknown', presented: 'guess-123', challenge });
      expect(authenticate(request({}, 'limit=3'), security(requirement), knownKeys)).toMatchObject({ outcome: 'missing', challenge });
    });
  }

  it('keeps the Petstore messages exactly', () => {
    expect(authenticate(request(), security({ ApiKeyAuth: [] }), knownKeys)).toMatchObject({ message: 'A valid API key is required in the X-API-Key header' });
    expect(authenticate(request({ 'X-API-Key': 'nope-1234' }), security({ ApiKeyAuth: [] }), knownKeys)).toMatchObject({ message: 'The API key in X-API-Key is not known' });
  });

  it('counts an empty value, a bearer token sent as Basic, a malformed or password-less Basic as missing', () => {
    const missing = (requirement: Record<string, string[]>, headers: Record<string, string>, query = '') =>
      authenticate(request(headers, query), security(requirement), anyCredential).outcome;
    expect(missing({ ApiKeyAuth: [] }, { 'X-API-Key': '' })).toBe('missing');
    expect(missing({ QueryKey: [] }, {}, 'api_key=')).toBe('missing');
    expect(missing({ CookieKey: [] }, { Cookie: 'sid=' })).toBe('missing');
    expect(missing({ Jwt: [] }, { Authorization: 'Bearer' })).toBe('missing');
    expect(missing({ Jwt: [] }, { Authorization: 'Basic abc' })).toBe('missing');
    expect(missing({ Basic: [] }, { Authorization: 'Bearer demo-pro' })).toBe('missing');
    expect(missing({ Basic: [] }, { Authorization: 'Basic %%%' })).toBe('missing');
    expect(missing({ Basic: [] }, { Authorization: basic('ann', '') })).toBe('missing');
    expect(missing({ Basic: [] }, { Authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` })).toBe('missing');
  });

  it('an undeclared scheme takes any Authorization value, with or without a scheme word, and asks with Bearer', () => {
    const undeclared = security({ NotDeclared: [] });
    expect(authenticate(request({ Authorization: 'Bearer demo-pro' }), undeclared, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
    expect(authenticate(request({ Authorization: 'demo-pro' }), undeclared, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
    expect(authenticate(request({ Authorization: 'Token guess-123' }), undeclared, knownKeys)).toMatchObject({ outcome: 'unknown', presented: 'guess-123' });
    expect(authenticate(request({ Authorization: '  ' }), undeclared, anyCredential)).toMatchObject({ outcome: 'missing', challenge: 'Bearer' });
  });

  it('reads a UTF-8 Basic password', () => {
    expect(authenticate(request({ Authorization: basic('zoë', 'pässwörd') }), security({ Basic: [] }), anyCredential)).toEqual({ outcome: 'authenticated', credential: 'pässwörd' });
  });
});

describe('authenticate: alternatives (OR) and combined schemes (AND)', () => {
  const either = security({ Jwt: [] }, { ApiKeyAuth: [] });
  const both = security({ ApiKeyAuth: [], QueryKey: [] });

  it('OR: the first alternative with an accepted credential wins', () => {
    expect(authenticate(request({ 'X-API-Key': 'demo-free' }), either, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-free' });
    expect(authenticate(request({ Authorization: 'Bearer demo-pro', 'X-API-Key': 'demo-free' }), either, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
    expect(authenticate(request({ Authorization: 'Bearer guess-123', 'X-API-Key': 'demo-free' }), either, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-free' });
  });

  it('OR: a missing credential is answered with one challenge per alternative', () => {
    const missing = authenticate(request(), either, knownKeys);
    expect(missing).toMatchObject({ outcome: 'missing', challenge: 'Bearer, ApiKey header="X-API-Key"' });
    expect((missing as { message: string }).message).toBe('A valid credential is required: bearer token in the Authorization header, or API key in the X-API-Key header');
  });

  it('AND: every credential must be there; the first known one names the client', () => {
    expect(authenticate(request({ 'X-API-Key': 'demo-free' }), both, knownKeys)).toMatchObject({ outcome: 'missing', presented: 'demo-free', challenge: 'ApiKey header="X-API-Key", ApiKey query="api_key"' });
    expect(authenticate(request({ 'X-API-Key': 'app-id-1' }, 'api_key=demo-pro'), both, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
    expect(authenticate(request({ 'X-API-Key': 'app-id-1' }, 'api_key=user-2'), both, knownKeys)).toMatchObject({ outcome: 'unknown', presented: 'app-id-1' });
    expect(authenticate(request({ 'X-API-Key': 'app-id-1' }, 'api_key=user-2'), both, anyCredential)).toEqual({ outcome: 'authenticated', credential: 'app-id-1' });
  });
});

describe('authenticate: public operations and the two modes', () => {
  it('lets anyone through security: [] without looking for a credential', () => {
    expect(authenticate(request(), security(), knownKeys)).toEqual({ outcome: 'public', presented: undefined });
    expect(authenticate(request({ 'X-API-Key': 'whatever' }), index.of({ security: [] }), knownKeys)).toEqual({ outcome: 'public', presented: undefined });
  });

  it('with an empty requirement ({}), authenticates a credential when it is accepted and is public otherwise', () => {
    const optional = security({}, { ApiKeyAuth: [] });
    expect(authenticate(request({ 'X-API-Key': 'demo-pro' }), optional, knownKeys)).toEqual({ outcome: 'authenticated', credential: 'demo-pro' });
    expect(authenticate(request({ 'X-API-Key': 'guess-123' }), optional, knownKeys)).toEqual({ outcome: 'public', presented: 'guess-123' });
    expect(authenticate(request(), optional, knownKeys)).toEqual({ outcome: 'public', presented: undefined });
  });

  it('known-keys refuses what any-credential takes', () => {
    const headers = { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' };
    expect(authenticate(request(headers), security({ Jwt: [] }), knownKeys).outcome).toBe('unknown');
    expect(authenticate(request(headers), security({ Jwt: [] }), anyCredential)).toEqual({ outcome: 'authenticated', credential: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' });
  });
});
