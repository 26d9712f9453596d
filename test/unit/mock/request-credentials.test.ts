import { describe, expect, it } from 'vitest';
import { credentialSource, parseCookieHeader } from '../../../src/mock/request-credentials.js';

describe('parseCookieHeader', () => {
  it('reads name=value pairs, unquoting and percent-decoding values', () => {
    expect([...parseCookieHeader('a=1; b="two words"; c=x%20y; d=%zz')]).toEqual([['a', '1'], ['b', 'two words'], ['c', 'x y'], ['d', '%zz']]);
  });

  it('keeps the first of a repeated name and skips pairs without a name or =', () => {
    expect([...parseCookieHeader('sid=first; sid=second; junk; =v;  ')]).toEqual([['sid', 'first']]);
    expect(parseCookieHeader(undefined).size).toBe(0);
  });
});

describe('credentialSource', () => {
  it('reads headers by lower-case name (the first of a repeated one), the query and cookies', () => {
    const source = credentialSource({ headers: { 'x-api-key': ['one', 'two'], cookie: 'sid=s1' }, query: 'api_key=q%2B1&x=2' });
    expect(source.header('x-api-key')).toBe('one');
    expect(source.query('api_key')).toBe('q+1');
    expect(source.query('absent')).toBeUndefined();
    expect(source.cookie('sid')).toBe('s1');
    expect(source.cookie('absent')).toBeUndefined();
  });
});
