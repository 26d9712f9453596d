import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createHandlers } from '../../../src/adapters/msw/index.js';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { loadDocument } from '../../../src/spec/load-document.js';
import { mockDocument } from '../../helpers/document-mock.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));
const START = Date.parse('2027-03-01T12:00:00Z');
const SYMBOLS = ['ACME', 'GLOBEX', 'INITECH'];

/** The SSE events of a text, as `{field: value}` (data lines joined). */
function events(text: string): Record<string, string>[] {
  return text.split('\n\n').filter((block) => block.trim() !== '').map((block) => {
    const event: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const colon = line.indexOf(': ');
      const [field, value] = [line.slice(0, colon), line.slice(colon + 2)];
      event[field] = field === 'data' && event.data !== undefined ? `${event.data}\n${value}` : value;
    }
    return event;
  });
}

function expectQuote(value: unknown): void {
  expect(value).toMatchObject({ symbol: expect.any(String), price: expect.any(Number), seq: expect.any(Number) });
  expect(SYMBOLS).toContain((value as { symbol: string }).symbol);
}

describe('the mock streams an itemSchema answer on the session clock', () => {
  const clock = new ManualClock(START);
  /** Every wait the mock asked for; each moves the test's clock by as much (nothing sleeps). */
  const waits: number[] = [];
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ specFile: TICKER, quiet: true, clock, delay: async (ms) => {
      waits.push(ms);
      clock.set(clock.now() + ms);
    } });
  });
  afterAll(() => mock?.close());

  it('answers text/event-stream with 5 events 200 ms apart, each framed with event and data as the item schema says', async () => {
    waits.length = 0;
    const before = clock.now();
    const res = await fetch(`${mock.url}/quotes/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-length')).toBeNull();
    const received = events(await res.text());
    expect(received).toHaveLength(5);
    for (const event of received) {
      expect(event.event).toBe('quote');
      expectQuote(JSON.parse(event.data!));
      if (event.id !== undefined) expect(event.id).toMatch(/^[0-9]+$/);
    }
    expect(waits).toEqual([200, 200, 200, 200]);
    expect(clock.now() - before).toBe(800);
  });

  it('takes Prefer: stream-count and stream-interval, and says so in Preference-Applied', async () => {
    waits.length = 0;
    const res = await fetch(`${mock.url}/quotes/stream`, { headers: { prefer: 'stream-count=3, stream-interval=50' } });
    expect(res.headers.get('preference-applied')).toBe('stream-count=3, stream-interval=50');
    expect(events(await res.text())).toHaveLength(3);
    expect(waits).toEqual([50, 50]);
  });

  it('frames application/jsonl one JSON text a line and application/json-seq after an RS byte', async () => {
    const lines = await (await fetch(`${mock.url}/quotes/lines`, { headers: { prefer: 'stream-count=4' } })).text();
    const jsonl = lines.split('\n');
    expect(jsonl.pop()).toBe('');
    expect(jsonl).toHaveLength(4);
    for (const line of jsonl) expectQuote(JSON.parse(line));
    const records = await (await fetch(`${mock.url}/quotes/records`, { headers: { prefer: 'stream-count=2' } })).text();
    const texts = records.split('\x1e');
    expect(texts.shift()).toBe('');
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text.endsWith('\n')).toBe(true);
      expectQuote(JSON.parse(text));
    }
  });
});

describe('pacing holds on a clock that does not move', () => {
  it('sends the first event at once and the next only once the clock has reached its time', async () => {
    const clock = new ManualClock(START);
    const held: (() => void)[] = [];
    let asked: () => void = () => {};
    const mock = await startMock({ specFile: TICKER, quiet: true, clock, delay: () => new Promise<void>((resolve) => {
      held.push(resolve);
      asked();
    }) });
    try {
      const res = await fetch(`${mock.url}/quotes/stream`, { headers: { prefer: 'stream-count=2' } });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = decoder.decode((await reader.read()).value);
      expect(events(text)).toHaveLength(1);
      if (held.length === 0) await new Promise<void>((resolve) => (asked = resolve));
      // The wait ends but the clock stands still: the second event is not due, so it waits again.
      const again = new Promise<void>((resolve) => (asked = resolve));
      held.shift()!();
      await again;
      clock.advance(0.2);
      held.shift()!();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
      expect(events(text)).toHaveLength(2);
    } finally {
      await mock.close();
    }
  });
});

describe('a 3.0 document whose text/event-stream schema describes what each event carries', () => {
  it('streams events whose data is that JSON, numbered by id', async () => {
    const served = await mockDocument('progress.json', {
      openapi: '3.0.3',
      info: { title: 'Progress', version: '1' },
      paths: { '/jobs/progress': { get: { responses: { 200: { description: 'progress', content: { 'text/event-stream': { schema: {
        type: 'object', required: ['percent'], properties: { percent: { type: 'integer', minimum: 0, maximum: 100 } },
      } } } } } } } },
    });
    try {
      const received = events(await (await fetch(`${served.mock.url}/jobs/progress`, { headers: { prefer: 'stream-count=3, stream-interval=0' } })).text());
      expect(received.map((e) => e.id)).toEqual(['1', '2', '3']);
      for (const e of received) expect(JSON.parse(e.data!).percent).toBeGreaterThanOrEqual(0);
    } finally {
      await served.close();
    }
  });
});

describe('MSW handlers answer a stream as a ReadableStream', () => {
  let server: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    const clock = new ManualClock(START);
    const handlers = await createHandlers({ spec: await loadDocument(TICKER), baseUrl: 'https://ticker.test', clock, delay: async (ms) => clock.set(clock.now() + ms) });
    server = setupServer(...handlers.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server?.close());

  it('streams the 5 events through fetch', async () => {
    const res = await fetch('https://ticker.test/quotes/stream');
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.body).toBeInstanceOf(ReadableStream);
    const received = events(await res.text());
    expect(received).toHaveLength(5);
    for (const e of received) expectQuote(JSON.parse(e.data!));
  });
});
