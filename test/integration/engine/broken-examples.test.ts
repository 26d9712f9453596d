import { describe, expect, it } from 'vitest';
import { startupBanner } from '../../../src/cli/startup-banner.js';
import { useDocumentMock } from './engine-harness.js';

const DOCUMENT = new URL('../../fixtures/engine/broken-examples.yaml', import.meta.url).pathname;

describe('an example that breaks its own schema is not served (INTERFACE section 15)', () => {
  const mock = useDocumentMock(DOCUMENT);

  it('answers generated data that fits the schema instead, and keeps a good example', async () => {
    const status = await mock.request('GET', '/status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ state: expect.stringMatching(/^(up|down)$/), uptime: expect.any(Number) });
    const motd = await mock.request('GET', '/motd');
    expect(motd.body).toEqual({ text: 'Hello' });
  });

  it('start-up names the example with its JSON path and what is wrong', () => {
    const banner = startupBanner(mock, 1);
    expect(banner).toContain('GET /status: the example at #/paths/~1status/get/responses/200/content/application~1json/example breaks its schema (/ must be an object): generated data is served instead');
    expect(banner).not.toContain('/motd:');
  });
});
