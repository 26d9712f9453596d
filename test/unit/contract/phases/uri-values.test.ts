import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../../../src/contract/phases/schema-arbitrary.js';

describe('format: uri values the fuzz and stateful phases send', () => {
  it('are http(s) URLs with plain path segments, made without fast-check\'s binary string unit', () => {
    const samples = fc.sample(arbitraryFor({ type: 'string', format: 'uri' }), { numRuns: 500, seed: 3 }) as string[];
    for (const s of samples) {
      const url = new URL(s);
      expect(['http:', 'https:']).toContain(url.protocol);
      // fast-check's webUrl percent-encodes any code point through the binary unit, whose tables
      // held ~100 MB of the runner's heap for the rest of a run (Intercom's heap snapshot).
      expect(url.pathname).toMatch(/^\/[a-z0-9._~\/-]*$/);
    }
    expect(new Set(samples).size).toBeGreaterThan(400);
  });
});
