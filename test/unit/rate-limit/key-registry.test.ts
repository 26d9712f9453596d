import { describe, expect, it } from 'vitest';
import { parseKeyConfig } from '../../../src/rate-limit/key-config.js';
import { DuplicateKeyError, KeyRegistry, maskKey } from '../../../src/rate-limit/key-registry.js';
import type { ApiKeyRecord } from '../../../src/rate-limit/types.js';

const acme: Readonly<ApiKeyRecord> = { key: 'acme-ci-0001', plan: 'Pro', perMinute: 300, perDay: 10_000, scope: 'read-write' };

describe('KeyRegistry', () => {
  it('starts with the five demo keys', () => {
    const registry = new KeyRegistry();
    expect(registry.list().map((k) => k.key)).toEqual(['demo-free', 'demo-pro', 'demo-business', 'demo-enterprise', 'demo-readonly']);
    expect(registry.get('demo-readonly')).toEqual({ key: 'demo-readonly', plan: 'Free', perMinute: 60, perDay: 1000, scope: 'read-only' });
    expect(registry.get('demo-nope')).toBeUndefined();
  });

  it('adds the config file keys after the demo keys, with the config plans', () => {
    const config = parseKeyConfig(
      { plans: { Enterprise: { perMinute: 20_000 } }, keys: [{ key: 'acme-ci', plan: 'Enterprise' }] },
      'keys.json',
    );
    const registry = KeyRegistry.fromConfig(config);
    expect(registry.list().map((k) => k.key).at(-1)).toBe('acme-ci');
    expect(registry.get('acme-ci')).toMatchObject({ perMinute: 20_000, perDay: 1_000_000 });
    expect(registry.get('demo-enterprise')).toMatchObject({ perMinute: 20_000, perDay: 1_000_000 });
  });

  it('adds and removes keys', () => {
    const registry = new KeyRegistry();
    expect(registry.add(acme)).toEqual(acme);
    expect(registry.get(acme.key)).toEqual(acme);
    expect(registry.remove(acme.key)).toBe(true);
    expect(registry.remove(acme.key)).toBe(false);
    expect(registry.get(acme.key)).toBeUndefined();
  });

  it('refuses to add a key twice with a DuplicateKeyError that masks the key', () => {
    const registry = new KeyRegistry();
    registry.add(acme);
    const error = (() => {
      try {
        registry.add({ ...acme, plan: 'Free' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DuplicateKeyError);
    expect((error as DuplicateKeyError).key).toBe(acme.key);
    expect((error as Error).message).toBe('API key acme…01 already exists');
    expect(registry.get(acme.key)?.plan).toBe('Pro');
  });

  it('refuses a key naming no plan', () => {
    expect(() => new KeyRegistry().add({ ...acme, plan: 'Gold' })).toThrow(/names no plan "Gold"/);
  });

  it('keeps a copy, so changing the added object changes nothing', () => {
    const registry = new KeyRegistry();
    const record: ApiKeyRecord = { ...acme };
    registry.add(record);
    record.perMinute = 1;
    expect(registry.get(acme.key)?.perMinute).toBe(300);
  });
});

describe('maskKey', () => {
  it('shows the first 4 and last 2 characters', () => {
    expect(maskKey('demo-free')).toBe('demo…ee');
    expect(maskKey('demo-enterprise')).toBe('demo…se');
    expect(maskKey('abcdefg')).toBe('abcd…fg');
  });

  it('masks a key of 6 characters or fewer completely', () => {
    expect(maskKey('abcdef')).toBe('…');
    expect(maskKey('a')).toBe('…');
    expect(maskKey('')).toBe('…');
  });
});
