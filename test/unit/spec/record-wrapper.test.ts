import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../src/spec/openapi.js';
import { singular, wrapperNames, wrapperProperty } from '../../../src/spec/record-wrapper.js';

describe('singular', () => {
  it.each([
    ['articles', 'article'],
    ['categories', 'category'],
    ['boxes', 'box'],
    ['matches', 'match'],
    ['addresses', 'address'],
    ['statuses', 'status'],
    ['aliases', 'alias'],
    ['databases', 'database'],
    ['cases', 'case'],
    ['releases', 'release'],
    ['responses', 'response'],
    ['licenses', 'license'],
    ['namespaces', 'namespace'],
    ['status', 'status'],
    ['address', 'address'],
  ])('%s -> %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });
});

describe('wrapperProperty', () => {
  const wrapped = (name: string): Schema => ({ type: 'object', properties: { [name]: { type: 'object', properties: { id: { type: 'string' } } } } });

  it('finds the record wrapped under the singular of a plural ending in -ses (DigitalOcean: /v2/databases answers {database: {...}})', () => {
    expect(wrapperProperty(wrapped('database'), wrapperNames('/v2/databases'))).toBe('database');
    expect(wrapperProperty(wrapped('test_case'), wrapperNames('/v2/evaluation/test_cases'))).toBe('test_case');
    expect(wrapperProperty(wrapped('address'), wrapperNames('/addresses'))).toBe('address');
  });

  it('still takes a lone object property named otherwise for the record itself', () => {
    expect(wrapperProperty(wrapped('owner'), wrapperNames('/v2/databases'))).toBeUndefined();
  });
});
