/**
 * Opens report.html in headless Chromium (a system one if present, else the one npm install
 * brings: test/helpers/browser.ts) and checks what a person sees. Also lets Chromium's strict XML parser judge junit.xml.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/contract/events.js';
import { createHtmlReporter } from '../../../src/reporting/html-reporter.js';
import { createJunitReporter } from '../../../src/reporting/junit-reporter.js';
import { launchChromium } from '../../helpers/browser.js';
import { failingRunSummary, hostileRunSummary, passingRunSummary } from '../../fixtures/run-summary.js';

let browser: Browser;
let dir: string;

async function writeReports(summary: RunSummary, name: string): Promise<string> {
  const out = join(dir, name);
  await createHtmlReporter(out).finish?.(summary);
  await createJunitReporter(out).finish?.(summary);
  return out;
}

interface Opened {
  page: Page;
  requests: string[];
  dialogs: string[];
  errors: string[];
}

async function open(out: string, javaScriptEnabled = true): Promise<Opened> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const opened: Opened = { page, requests: [], dialogs: [], errors: [] };
  page.on('request', (r) => opened.requests.push(r.url()));
  page.on('dialog', (d) => {
    opened.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => opened.errors.push(e.message));
  await page.goto(pathToFileURL(join(out, 'report.html')).href);
  return opened;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-report-'));
  browser = await launchChromium();
  await writeReports(failingRunSummary(), 'failing');
  await writeReports(passingRunSummary(), 'passing');
  await writeReports(hostileRunSummary(), 'hostile');
});

afterAll(async () => {
  await browser?.close();
});

describe('report.html in Chromium', () => {
  it('shows a FAILED badge with the counts, the failures and their expected vs got', async () => {
    const { page, requests, errors } = await open(join(dir, 'failing'));
    await expect.poll(() => page.locator('#verdict').innerText()).toBe('FAILED');
    expect(await page.locator('#verdict').isVisible()).toBe(true);
    const totals = await page.locator('dl.totals').innerText();
    expect(totals).toMatch(/CASES\s+9/);
    expect(totals).toMatch(/PASSED\s+5/);
    expect(totals).toMatch(/FAILED\s+2/);
    expect(totals).toMatch(/COULD NOT RUN\s+1/);
    expect(totals).toMatch(/WAITED\s+2\.0 s/);
    expect(await page.locator('header.summary').innerText()).toContain('http://127.0.0.1:4010');

    const failure = page.locator('#op-createPet .failure').first();
    expect(await failure.isVisible()).toBe(true);
    expect(await failure.locator('.check').innerText()).toBe('response-schema');
    expect(await failure.locator('.expected pre').innerText()).toBe('one of "available", "pending", "sold"');
    expect(await failure.locator('.got pre').innerText()).toBe('"adopted"');
    expect(await failure.locator('.where').innerText()).toBe('at $.status');
    const exchange = page.locator('#op-createPet details.exchange').first();
    expect(await exchange.locator('summary').innerText()).toContain('POST http://127.0.0.1:4010/pets → 201');
    expect(await exchange.locator('pre').last().innerText()).toContain('"status": "adopted"');
    expect(await page.locator('#op-listPets ul.cases').isVisible()).toBe(false);

    expect(requests.every((url) => url.startsWith('file:'))).toBe(true);
    expect(errors).toEqual([]);
    await page.screenshot({ path: '/tmp/petstore-kit-report-failing.png', fullPage: true });
  });

  it('has a coverage matrix with a row per operation and exercised cells marked', async () => {
    const summary = failingRunSummary();
    const { page } = await open(join(dir, 'failing'));
    const rows = page.locator('table.matrix tbody tr');
    expect(await rows.count()).toBe(summary.coverage.length);
    expect(await rows.first().innerText()).toMatch(/GET\s+\/pets/);
    expect(await rows.first().locator('td.hit').count()).toBe(2);
    expect(await rows.first().locator('td.frac').innerText()).toBe('2/6');
    expect(await page.locator('#coverage-title').innerText()).toBe('Coverage: 8 of 48 documented statuses exercised (16.7%)');
  });

  it('shows a PASSED badge for a passing run, with nothing flagged', async () => {
    const { page } = await open(join(dir, 'passing'));
    expect(await page.locator('#verdict').innerText()).toBe('PASSED');
    expect(await page.locator('#problems').count()).toBe(0);
    expect(await page.locator('details.op.has-problems').count()).toBe(0);
    await page.screenshot({ path: '/tmp/petstore-kit-report-passing.png' });
  });

  it('shows hostile strings as text and runs none of them', async () => {
    const { page, dialogs } = await open(join(dir, 'hostile'));
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('#op-createPet .case-line .title').first().innerText()).toContain('<script>window.__pwned = 1</script> & "quotes"');
    expect(await page.locator('.failure .check').innerText()).toContain('check <script>');
  });

  it('is readable without JavaScript: failures open, the toolbar hidden', async () => {
    const { page } = await open(join(dir, 'failing'), false);
    expect(await page.locator('#verdict').innerText()).toBe('FAILED');
    expect(await page.locator('#op-createPet .failure .check').first().isVisible()).toBe(true);
    expect(await page.locator('nav.toolbar').isVisible()).toBe(false);
  });

  it('lets a reader expand everything or keep only the operations with problems', async () => {
    const { page } = await open(join(dir, 'failing'));
    await page.getByRole('button', { name: 'Only operations with problems' }).click();
    expect(await page.locator('#op-listPets').isVisible()).toBe(false);
    expect(await page.locator('#op-createPet').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Show all operations' }).click();
    await page.getByRole('button', { name: 'Expand all' }).click();
    expect(await page.locator('#op-listPets ul.cases').isVisible()).toBe(true);
  });
});

describe('junit.xml under a strict XML parser', () => {
  it('parses without error, hostile strings included', async () => {
    const page = await browser.newPage();
    for (const name of ['failing', 'hostile']) {
      const xml = await readFile(join(dir, name, 'junit.xml'), 'utf8');
      const result = await page.evaluate((text) => {
        // Runs in the page; the project's TypeScript has no DOM types, hence the local shape.
        interface XmlDocument {
          getElementsByTagName(name: string): ArrayLike<{ textContent: string | null }>;
        }
        const Parser = (globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, type: string): XmlDocument } }).DOMParser;
        const doc = new Parser().parseFromString(text, 'application/xml');
        const error = doc.getElementsByTagName('parsererror')[0];
        return { error: error?.textContent ?? null, cases: doc.getElementsByTagName('testcase').length };
      }, xml);
      expect(result.error).toBeNull();
      expect(result.cases).toBeGreaterThan(0);
    }
  });
});
