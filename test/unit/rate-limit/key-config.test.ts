import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultKeyConfig, parseKeyConfig, parseKeyConfigText, parseNewKey } from '../../../src/rate-limit/key-config.js';
import { BUILT_IN_PLANS } from '../../../src/rate-limit/plans.js';

const EXAMPLE = new URL('../../../mocks/keys.example.json', import.meta.url);

/** The problems a config is rejected with. */
function problems(value: unknown): readonly string[] {
  try {
    parseKeyConfig(value, 'keys.json');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the config was accepted');
}

describe('parseKeyConfig', () => {
  it('parses the example file of mocks/', () => {
    const config = parseKeyConfigText(readFileSync(EXAMPLE, 'utf8'), 'mocks/keys.example.json');
    expect(config.plans.get('Enterprise')).toEqual({ perMinute: 20_000, perDay: 5_000_000 });
    expect(config.plans.get('Startup')).toEqual({ perMinute: 120, perDay: 5000 });
    expect(config.keys.find((k) => k.key === 'acme-ci')).toEqual({
      key: 'acme-ci', plan: 'Enterprise', perMinute: 20_000, perDay: 5_000_000, scope: 'read-write',
    });
    expect(config.keys.find((k) => k.key === 'partner-x')).toEqual({
      key: 'partner-x', plan: 'Pro', perMinute: 500, perDay: 20_000, scope: 'read-only',
    });
    expect(config.bans).toEqual({ max429PerWindow: 11, banSeconds: 900 });
    expect(config.sessions).toEqual({ max: 1000 });
  });

  it('takes every section as optional, with the defaults of INTERFACE.md', () => {
    const config = parseKeyConfig({}, 'keys.json');
    expect(config).toEqual(defaultKeyConfig());
    expect(config.plans).toEqual(BUILT_IN_PLANS);
    expect(config).toMatchObject({ keys: [], bans: { max429PerWindow: 11, banSeconds: 900 }, sessions: { max: 1000 } });
  });

  it('defaults a key to its plan limits and read-write scope', () => {
    const config = parseKeyConfig({ keys: [{ key: 'k-1234567', plan: 'Pro', perDay: 50 }] }, 'keys.json');
    expect(config.keys).toEqual([{ key: 'k-1234567', plan: 'Pro', perMinute: 300, perDay: 50, scope: 'read-write' }]);
  });

  it('lets a built-in plan override one limit and keep the other', () => {
    const config = parseKeyConfig({ plans: { Free: { perMinute: 10 } } }, 'keys.json');
    expect(config.plans.get('Free')).toEqual({ perMinute: 10, perDay: 1000 });
  });

  it('names the JSON path of a bad limit', () => {
    const keys = [{ key: 'a-1234567', plan: 'Free' }, { key: 'b-1234567', plan: 'Free' }, { key: 'c-1234567', plan: 'Free', perMinute: 0 }];
    expect(problems({ keys })).toEqual(['keys[2].perMinute must be a positive integer (got 0)']);
    expect(problems({ keys: [{ key: 'a-1234567', plan: 'Free', perDay: '60' }] })).toEqual(['keys[0].perDay must be a positive integer (got "60")']);
    expect(problems({ plans: { Startup: { perMinute: 1.5, perDay: 10 } } })).toEqual(['plans.Startup.perMinute must be a positive integer (got 1.5)']);
  });

  it('refuses a key naming an unknown plan, listing the known ones', () => {
    expect(problems({ plans: { Startup: { perMinute: 1, perDay: 2 } }, keys: [{ key: 'a-1234567', plan: 'Gold' }] })).toEqual([
      'keys[0].plan "Gold" is not a plan (known: Free, Pro, Business, Enterprise, Startup)',
    ]);
  });

  it('refuses unknown fields at every level, so typos do not pass', () => {
    expect(problems({ key: [] })).toEqual(['key is not a known field (expected plans, keys, bans, sessions)']);
    expect(problems({ keys: [{ key: 'a-1234567', plan: 'Free', perminute: 5 }] })).toEqual([
      'keys[0].perminute is not a known field (expected key, plan, perMinute, perDay, scope)',
    ]);
    expect(problems({ bans: { banSecs: 60 } })).toEqual(['bans.banSecs is not a known field (expected max429PerWindow, banSeconds)']);
    expect(problems({ plans: { Pro: { perHour: 1 } } })).toEqual(['plans.Pro.perHour is not a known field (expected perMinute, perDay)']);
  });

  it('refuses malformed keys without echoing them', () => {
    const bad = ['', 'has space', 'naïve-key', 'x'.repeat(201)];
    const found = problems({ keys: bad.map((key) => ({ key, plan: 'Free' })) });
    expect(found).toEqual([0, 1, 2, 3].map((i) => `keys[${i}].key must be 1..200 visible ASCII characters without spaces`));
    expect(problems({ keys: [{ plan: 'Free' }] })).toEqual(['keys[0].key is required']);
    expect(problems({ keys: [{ key: 42, plan: 'Free' }] })).toEqual(['keys[0].key must be 1..200 visible ASCII characters without spaces (got 42)']);
    expect(parseKeyConfig({ keys: [{ key: 'x'.repeat(200), plan: 'Free' }] }, 'k').keys).toHaveLength(1);
  });

  it('refuses duplicate keys and redefined demo keys', () => {
    const keys = [{ key: 'acme-ci', plan: 'Free' }, { key: 'other', plan: 'Pro' }, { key: 'acme-ci', plan: 'Pro' }, { key: 'demo-free', plan: 'Pro' }];
    expect(problems({ keys })).toEqual(['keys[2].key repeats keys[0].key', 'keys[3].key is a built-in demo key, which cannot be redefined']);
  });

  it('refuses a new plan without both limits, and a plan differing from another only in case', () => {
    expect(problems({ plans: { Startup: { perMinute: 5 } } })).toEqual(['plans.Startup.perDay is required for a new plan']);
    expect(problems({ plans: { enterprise: { perMinute: 5 } } })).toEqual(['plans.enterprise: differs from the plan "Enterprise" only in case']);
    expect(problems({ plans: { 'my plan!': { perMinute: 5, perDay: 6 } } })[0]).toMatch(/^plans\["my plan!"\]: a plan name must be/);
  });

  it('checks scope, bans and sessions', () => {
    expect(problems({ keys: [{ key: 'a-1234567', plan: 'Free', scope: 'admin' }] })).toEqual(['keys[0].scope must be "read-write" or "read-only" (got "admin")']);
    expect(problems({ bans: { max429PerWindow: -1, banSeconds: 0 } })).toEqual([
      'bans.max429PerWindow must be an integer >= 0 (got -1)',
      'bans.banSeconds must be a positive integer (got 0)',
    ]);
    expect(parseKeyConfig({ bans: { banSeconds: 60 } }, 'k').bans).toEqual({ max429PerWindow: 11, banSeconds: 60 });
    expect(problems({ sessions: { max: 0 } })).toEqual(['sessions.max must be a positive integer (got 0)']);
    expect(problems({ keys: {} })).toEqual(['keys must be an array (got an object)']);
    expect(problems({ bans: [] })).toEqual(['bans must be a JSON object (got an array)']);
  });

  it('reports every problem at once in a ConfigError naming the file', () => {
    const error = (() => {
      try {
        parseKeyConfig({ keys: [{ key: 'a b', plan: 'Nope' }], sessions: { max: -2 } }, 'conf/keys.json');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({ file: 'conf/keys.json' });
    expect((error as ConfigError).problems).toHaveLength(3);
    expect((error as ConfigError).message).toMatch(/^conf\/keys\.json: invalid configuration\n {2}- keys\[0\]\.key/);
  });

  it('refuses a top level that is not an object, and text that is not JSON', () => {
    expect(problems([])).toEqual(['the top level must be a JSON object (got an array)']);
    expect(() => parseKeyConfigText('{"keys": [', 'keys.json')).toThrow(/^keys\.json: invalid configuration\n {2}- is not valid JSON/);
  });
});

describe('parseNewKey (POST /__admin/keys)', () => {
  it('resolves a valid body and reports problems without a prefix', () => {
    expect(parseNewKey({ key: 'new-key-1', plan: 'Business', scope: 'read-only' }, BUILT_IN_PLANS)).toEqual({
      record: { key: 'new-key-1', plan: 'Business', perMinute: 1000, perDay: 100_000, scope: 'read-only' },
      problems: [],
    });
    expect(parseNewKey({ plan: 'Free', perMinute: -1 }, BUILT_IN_PLANS)).toEqual({
      record: undefined,
      problems: ['key is required', 'perMinute must be a positive integer (got -1)'],
    });
    expect(parseNewKey('key', BUILT_IN_PLANS).problems).toEqual(['the key must be a JSON object (got "key")']);
  });
});
