import { expect, it } from 'vitest';
import { belowServerPath, serverBasePath, withServerPath } from '../../../src/spec/server-base-path.js';

it('reads the path of the first server URL, variables at their defaults, without a trailing slash', () => {
  expect(serverBasePath({ servers: [{ url: 'https://api.example.com/v1/' }, { url: '/other' }] })).toBe('/v1');
  expect(serverBasePath({ servers: [{ url: '/api/v1' }] })).toBe('/api/v1');
  expect(serverBasePath({ servers: [{ url: '{scheme}://x.example.com/{base}', variables: { scheme: { default: 'https' }, base: { default: 'ds-api' } } }] })).toBe('/ds-api');
  expect(serverBasePath({ servers: [{ url: 'http://127.0.0.1:4010' }] })).toBe('');
  expect(serverBasePath({ servers: [{ url: 'https://x.example.com/{version}' }] })).toBe('');
  expect(serverBasePath({})).toBe('');
});

it('reads a path below the server path only where the path as given routes nowhere and the one below does', () => {
  const routes = (path: string) => path === '/things' || path === '/api/things';
  expect(belowServerPath('/v1/things', '/v1', routes)).toBe('/things');
  expect(belowServerPath('/api/things', '/api', routes)).toBeUndefined(); // documented as written
  expect(belowServerPath('/v10/things', '/v1', routes)).toBeUndefined();
  expect(belowServerPath('/v1/other', '/v1', routes)).toBeUndefined();
  expect(belowServerPath('/things', '', routes)).toBeUndefined();
});

it('adds the server path to a base URL at the root, and keeps one that ends with it', () => {
  expect(withServerPath('http://127.0.0.1:4010', '/api/v1')).toBe('http://127.0.0.1:4010/api/v1');
  expect(withServerPath('http://127.0.0.1:4010/api/v1/', '/api/v1')).toBe('http://127.0.0.1:4010/api/v1');
  expect(withServerPath('https://staging.example.com/gw/api/v1', '/api/v1')).toBe('https://staging.example.com/gw/api/v1');
  expect(withServerPath('http://127.0.0.1:4010/', '')).toBe('http://127.0.0.1:4010');
});
