/**
 * On Redis, the session's clock paces streams on every replica: a stream opened on one mock
 * process, its session clock frozen, gives its next item when `POST /__admin/clock` moves that
 * clock through another process. Real processes, a real redis-server; the items are 60 s apart,
 * so only the clock move can release them while the test waits. Needs `npm run build`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callJson, useRedisMockProcesses } from '../../helpers/mock-processes.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));

/** Reads SSE events from a response body as they come: `next(n)` resolves once n events have arrived. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const count = () => text.split('\n\n').length - 1;
  return {
    async next(n: number): Promise<number> {
      while (count() < n) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return count();
    },
    async end(): Promise<boolean> {
      return (await reader.read()).done;
    },
  };
}

describe('a Redis session clock drives streams on every replica', () => {
  const mocks = useRedisMockProcesses('stream-clock', ['--spec', TICKER]);

  it('moving the clock through one replica releases the next items of a stream served by the other', async () => {
    const [a, b] = mocks as [(typeof mocks)[0], (typeof mocks)[0]];
    const session = { 'X-Mock-Session': `ticker-${process.pid}` };
    expect((await callJson(a, session, 'POST', '/__admin/clock', { set: '2027-03-01T12:00:00Z' })).status).toBe(200);
    const res = await fetch(`${a.url}/quotes/stream`, { headers: { ...session, accept: 'text/event-stream', prefer: 'stream-count=3, stream-interval=60000' } });
    expect(res.status).toBe(200);
    const events = sseReader(res.body!);
    expect(await events.next(1)).toBe(1);

    expect((await callJson(b, session, 'POST', '/__admin/clock', { advanceSeconds: 60 })).body.now).toBe('2027-03-01T12:01:00.000Z');
    expect(await events.next(2)).toBe(2);
    expect((await callJson(b, session, 'POST', '/__admin/clock', { advanceSeconds: 60 })).status).toBe(200);
    expect(await events.next(3)).toBe(3);
    expect(await events.end()).toBe(true);
  });
});
