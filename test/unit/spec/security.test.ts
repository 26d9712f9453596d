import { describe, expect, it } from 'vitest';
import type { Document } from '../../../src/spec/openapi.js';
import { buildSecurityIndex, credentialPlacement } from '../../../src/spec/security.js';

const schemes = {
  headerKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
  jwt: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
  basic: { type: 'http', scheme: 'basic' },
  oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://example.test/token', scopes: {} } } },
  oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://example.test/.well-known/openid-configuration' },
  digest: { type: 'http', scheme: 'Digest' },
  mtls: { type: 'mutualTLS' },
  weird: { type: 'x-custom' },
};

function index(security: Record<string, string[]>[] | undefined, operations: { security: Record<string, string[]>[] }[] = []) {
  const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, security, components: { securitySchemes: schemes } } as unknown as Document;
  return buildSecurityIndex(document, operations);
}

describe('buildSecurityIndex', () => {
  it('resolves each scheme kind to where its credential travels', () => {
    const all = index(undefined);
    const of = (name: string) => all.of({ security: [{ [name]: [] }] }).alternatives[0]![0];
    expect(of('headerKey')).toEqual({ kind: 'apiKey', scheme: 'headerKey', in: 'header', name: 'X-API-Key' });
    expect(of('queryKey')).toEqual({ kind: 'apiKey', scheme: 'queryKey', in: 'query', name: 'api_key' });
    expect(of('cookieKey')).toEqual({ kind: 'apiKey', scheme: 'cookieKey', in: 'cookie', name: 'session' });
    expect(of('jwt')).toEqual({ kind: 'bearer', scheme: 'jwt' });
    expect(of('basic')).toEqual({ kind: 'basic', scheme: 'basic' });
    expect(of('oauth')).toEqual({ kind: 'bearer', scheme: 'oauth' });
    expect(of('oidc')).toEqual({ kind: 'bearer', scheme: 'oidc' });
    expect(of('digest')).toEqual({ kind: 'authorization', scheme: 'digest', authScheme: 'Digest' });
    expect(of('weird')).toEqual({ kind: 'authorization', scheme: 'weird', authScheme: undefined });
    expect(of('nowhere')).toEqual({ kind: 'authorization', scheme: 'nowhere', authScheme: undefined });
  });

  it("takes the operation's security, else the document's, with OR between requirements and AND inside one", () => {
    const secured = index([{ headerKey: [] }]);
    expect(secured.of(undefined).alternatives.map((r) => r.map((s) => s.scheme))).toEqual([['headerKey']]);
    const either = secured.of({ security: [{ jwt: [] }, { queryKey: [], cookieKey: [] }] });
    expect(either.alternatives.map((r) => r.map((s) => s.scheme))).toEqual([['jwt'], ['queryKey', 'cookieKey']]);
    expect(either.isPublic).toBe(false);
  });

  it('makes security: [], an empty requirement, and a document without security public', () => {
    expect(index([{ headerKey: [] }]).of({ security: [] })).toEqual({ alternatives: [], isPublic: true });
    const optional = index(undefined).of({ security: [{}, { jwt: [] }] });
    expect(optional.isPublic).toBe(true);
    expect(optional.alternatives).toHaveLength(1);
    expect(index(undefined).of(undefined).isPublic).toBe(true);
  });

  it('treats a requirement of mutualTLS alone as public, since plain HTTP carries no client certificate', () => {
    expect(index(undefined).of({ security: [{ mtls: [] }] }).isPublic).toBe(true);
    expect(index(undefined).of({ security: [{ mtls: [], jwt: [] }] }).alternatives).toEqual([[{ kind: 'bearer', scheme: 'jwt' }]]);
  });

  it('names at load, once each, the schemes it cannot check as written', () => {
    const used: { security: Record<string, string[]>[] }[] = [{ security: [{ digest: [] }] }, { security: [{ mtls: [] }, { weird: [] }] }, { security: [{ nowhere: [] }, { digest: [] }] }, { security: [{ jwt: [] }] }];
    const { notes } = index(undefined, used);
    expect(notes).toHaveLength(4);
    expect(notes.join('\n')).toMatch(/"digest" \(http Digest\) is not checked/);
    expect(notes.join('\n')).toMatch(/"mtls" \(mutualTLS\)/);
    expect(notes.join('\n')).toMatch(/"weird" has an unsupported type "x-custom"/);
    expect(notes.join('\n')).toMatch(/"nowhere" is required but not declared/);
  });

  it('says where the first scheme wants its credential, for the start-up banner', () => {
    const placement = (name: string) => credentialPlacement(index([{ [name]: [] }]).of(undefined));
    expect(placement('headerKey')).toBe('X-API-Key');
    expect(placement('queryKey')).toBe('the api_key query parameter');
    expect(placement('cookieKey')).toBe('the session cookie');
    expect(placement('oidc')).toBe('Authorization: Bearer');
    expect(credentialPlacement(index([]).of(undefined))).toBeUndefined();
  });
});
