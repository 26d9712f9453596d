import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { createRedactor } from '../../../src/contract/credentials.js';
import { conforms, executePlan } from '../../../src/contract/engine.js';
import type { RunEvent } from '../../../src/contract/events.js';
import { normalizeOptions } from '../../../src/contract/options.js';
import { buildPlan } from '../../../src/contract/plan.js';
import { createRunDeadline } from '../../../src/contract/run-deadline.js';
import type { OutgoingRequest, Transport } from '../../../src/contract/transport.js';
import { NOW } from '../../helpers/contract-exchange.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

describe('a case that cannot be set up', () => {
  it('is reported skipped with its reason, sends nothing, is counted, and leaves the run conforming', async () => {
    const { loaded } = await petstoreDocument();
    const document = structuredClone(loaded.document);
    delete document.paths['/store/inventory/{petId}']!.put;
    const full = buildPlan({ ...loaded, document }, { tags: [], operations: [], skipStability: [], includeRateLimit: false });
    const plan = { ...full, cases: full.cases.filter((c) => c.skipReason !== undefined) };
    const sent: OutgoingRequest[] = [];
    const transport: Transport = {
      send: async (request) => {
        sent.push(request);
        return { request: { method: request.method, url: request.url, headers: {} }, response: { status: 404, headers: {}, body: undefined, text: '' }, durationMs: 0 };
      },
    };
    const events: RunEvent[] = [];
    const clock = new ManualClock(NOW);
    const summary = await executePlan(plan, normalizeOptions({ baseUrl: 'http://api.test', apiKey: 'k' }), {
      transport,
      clock,
      sleep: async () => {},
      emit: (e) => void events.push(e),
      redactor: createRedactor([]),
      deadline: createRunDeadline(clock, 60_000),
    });
    expect(plan.cases.length).toBeGreaterThan(5);
    expect(sent.map((r) => r.method)).toEqual(['HEAD']);
    expect(summary.totals).toEqual({ cases: plan.cases.length, passed: 0, failed: 0, skipped: plan.cases.length, errors: 0 });
    expect(summary.cases.every((c) => c.status === 'skipped' && c.reason === plan.cases.find((p) => p.id === c.id)!.skipReason)).toBe(true);
    expect(events.filter((e) => e.type === 'case-finished')).toHaveLength(plan.cases.length);
    expect(conforms(summary)).toBe(true);
  });
});
