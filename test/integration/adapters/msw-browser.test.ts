import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../../src/http/start-mock.js';
import { launchChromium } from '../../helpers/browser.js';
import { MUSEUM_EVENT, museumSteps, type MuseumAnswer } from './browser-page/museum-steps.js';

const require = createRequire(import.meta.url);
const MUSEUM = new URL('../../fixtures/documents/museum/openapi.yaml', import.meta.url).pathname;
const PAGE = '<!doctype html><meta charset="utf-8"><title>msw page</title><pre id="out"></pre><script type="module" src="/app.js"></script>';

let server: Server;
let url: string;
let browser: Browser;
const served: string[] = [];

beforeAll(async () => {
  // The page is bundled as a browser app would be: esbuild, platform browser, nothing from Node.
  const bundle = await build({ entryPoints: [new URL('browser-page/main.ts', import.meta.url).pathname], bundle: true, platform: 'browser', format: 'esm', target: 'es2022', write: false, logLevel: 'silent' });
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', PAGE],
    '/app.js': ['text/javascript', bundle.outputFiles[0]!.contents],
    '/mockServiceWorker.js': ['text/javascript', readFileSync(require.resolve('msw/mockServiceWorker.js'))],
    '/documents/museum.yaml': ['application/yaml', readFileSync(MUSEUM)],
  };
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    const file = files[req.url ?? ''];
    if (!file) res.writeHead(404).end('not here');
    else res.writeHead(200, { 'Content-Type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('createHandlers under setupWorker in headless Chromium', () => {
  it('creates a pet through fetch and reads it back, answered by the service worker', async () => {
    const page = await browser.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      // The browser logs the page's deliberate 401 as a failed resource; anything else is a problem.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    try {
      await page.goto(url);
      await page.waitForSelector('#out:not(:empty)', { timeout: 60_000 });
      const shown = (await page.textContent('#out')) ?? '';
      expect(shown).not.toMatch(/^error/);
      const result = JSON.parse(shown);
      expect(result).toMatchObject({ created: 201, read: 200, anonymous: 401, remaining: '298', controlled: true });
      // The key in a cookie is found among the page's other cookies (before them: 401), as a server finds it.
      expect(result.cookie).toEqual([401, 200]);
      expect(result.pet).toMatchObject({ id: result.sameId, name: 'Pixel', categoryId: 1, status: 'pending' });
      expect(result.location).toBe(`/api/pets/${result.sameId}`);
      // The API calls never reached the static server: the worker answered them.
      expect(served.filter((p) => p.startsWith('/api') || p.startsWith('/museum'))).toEqual([]);
      // The museum document, fetched by URL and served by the worker, answers as `mock --spec` does.
      expect(result.museum).toEqual(await museumOnServer());
      expect(consoleErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});

/** The page's museum steps against the mock server on the same document and seed. */
async function museumOnServer(): Promise<MuseumAnswer[]> {
  const mock = await startMock({ specFile: MUSEUM, seed: 2, quiet: true });
  try {
    const answers = await museumSteps(mock.url);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 201, 200, 200]);
    expect(answers[2]!.body).toMatchObject(MUSEUM_EVENT);
    expect(answers[4]!.contentType).toBe('image/png');
    return answers;
  } finally {
    await mock.close();
  }
}
