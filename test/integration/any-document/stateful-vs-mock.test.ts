import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { startMock } from '../../../src/http/start-mock.js';
import { notPassed } from '../../helpers/contract-mock.js';
import { CORPUS } from '../../helpers/corpus.js';

const FIXTURES = new URL('../../fixtures/', import.meta.url).pathname;

// The stateful phase over every corpus document's inferred resources: nested collections
// (RealWorld's comments under an article), wrapped records, keys other than `id` (slug,
// username), reads that show less than was written (Resend), lists paged by `limit` alone.
// Against our own mock it must find nothing, for two seeds.
describe('the stateful phase against our mock of each corpus document', () => {
  for (const document of CORPUS) {
    it(`${document}: no false alarm`, async () => {
      for (const seed of [5, 6]) {
        const clock = new ManualClock(Date.parse('2026-11-23T10:00:00.000Z'));
        const mock = await startMock({ specFile: FIXTURES + document, clock, quiet: true, delay: async () => {} });
        try {
          const summary = await runContract(
            { baseUrl: mock.url, spec: FIXTURES + document, apiKey: 'demo-pro', authBasic: 'user:demo-pro', phases: ['stateful'], maxExamples: 5, seed, reporters: [] },
            { sleep: async (ms) => clock.advance(ms / 1000) },
          );
          expect(notPassed(summary), `seed ${seed}`).toEqual([]);
        } finally {
          await mock.close();
        }
      }
    }, 60_000);
  }
});
