import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../helpers/browser.js';
import { startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));

let mock: MockProcess;
let browser: Browser;
beforeAll(async () => {
  mock = await startMockProcess(['--spec', TICKER]);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await mock?.stop();
});

describe("the mock's SSE stream in Chromium's EventSource", () => {
  it('delivers the 5 quote events, each with JSON data the item schema allows', async () => {
    const page = await browser.newPage();
    // A page of the mock's origin; the stream is fetched by the browser's own EventSource.
    await page.goto(`${mock.url}/quotes/search`);
    const received = await page.evaluate(
      () =>
        new Promise<{ type: string; data: string; lastEventId: string }[]>((resolve, reject) => {
          const events: { type: string; data: string; lastEventId: string }[] = [];
          const source = new EventSource('/quotes/stream');
          source.addEventListener('quote', (e) => {
            const message = e as MessageEvent;
            events.push({ type: message.type, data: message.data, lastEventId: message.lastEventId });
            if (events.length === 5) {
              source.close();
              resolve(events);
            }
          });
          source.onerror = () => {
            // The stream's end makes EventSource reconnect; an error before 5 events is a failure.
            if (events.length < 5 && source.readyState === EventSource.CLOSED) reject(new Error(`closed after ${events.length} events`));
          };
        }),
    );
    expect(received).toHaveLength(5);
    for (const event of received) {
      expect(event.type).toBe('quote');
      const quote = JSON.parse(event.data) as { symbol: string; price: number; seq: number };
      expect(['ACME', 'GLOBEX', 'INITECH']).toContain(quote.symbol);
      expect(typeof quote.price).toBe('number');
      expect(Number.isInteger(quote.seq)).toBe(true);
    }
    await page.close();
  }, 60_000);
});
