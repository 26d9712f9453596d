/**
 * `petstore-kit verify` through the built CLI on a HAR recorded from a real browser session
 * (the packaged Chromium) through the proxy's --record in front of the mock: the session conforms
 * to the document it was made against, and breaks the next version that requires a new field.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { runCli, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { startProxyProcess } from '../helpers/proxy-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SPEC = join(ROOT, 'spec/petstore.yaml');

const verify = (args: string[]): ReturnType<typeof runCli> => runCli(['verify', ...args]);

let dir: string;
let har: string;
let mock: MockProcess;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-verify-'));
  har = join(dir, 'session.har');
  mock = await startMockProcess([]);
  const proxy = await startProxyProcess(mock.url, ['--spec', SPEC, '--record', har]);
  browser = await launchChromium();
  const page = await browser.newPage({ extraHTTPHeaders: { 'X-API-Key': 'demo-pro' } });
  expect((await page.goto(`${proxy.url}/pets?limit=2`))?.status()).toBe(200);
  const created = await page.evaluate(async () => {
    const answer = await fetch('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }) });
    const pet = (await answer.json()) as { id: number };
    const again = await fetch('/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Fido', categoryId: 1 }) });
    return [answer.status, again.status, (await fetch(`/pets/${pet.id}`, { headers: { accept: 'application/json' } })).status];
  });
  expect(created.slice(0, 2)).toEqual([201, 201]);
  await browser.close();
  expect(await proxy.stop()).toBe(0);
}, 120_000);

afterAll(async () => {
  await mock?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('verify --spec DOC --har FILE', () => {
  it('passes a browser session against the document it was made against', async () => {
    const recorded = JSON.parse(await readFile(har, 'utf8')) as { log: { entries: unknown[] } };
    expect(recorded.log.entries.length).toBeGreaterThanOrEqual(4);
    const run = await verify(['--spec', SPEC, '--har', har]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`${recorded.log.entries.length} exchanges: ${recorded.log.entries.length} conform, 0 break the document; 0 problems`);
    expect(run.code).toBe(0);
  }, 60_000);

  it('fails it against a next version that requires a new field, with the two creates as one problem', async () => {
    const next = yaml.load(await readFile(SPEC, 'utf8')) as { components: { schemas: { NewPet: { required: string[]; properties: Record<string, unknown> } } } };
    next.components.schemas.NewPet.properties.ownerId = { type: 'integer' };
    next.components.schemas.NewPet.required.push('ownerId');
    const nextFile = join(dir, 'next.yaml');
    await writeFile(nextFile, yaml.dump(next, { noRefs: true }));
    const run = await verify(['--spec', nextFile, '--har', har]);
    expect(run.code).toBe(1);
    const problems = run.stdout.split('\n').filter((line) => line.startsWith('problem '));
    expect(problems).toEqual([expect.stringMatching(/^problem {2}request-valid {2}POST \/pets/)]);
    expect(run.stdout).toMatch(/ownerId/);
    expect(run.stdout).toMatch(/in 2 exchanges: #\d+ POST \/pets -> 201; #\d+ POST \/pets -> 201/);
    expect(run.stdout).toMatch(/2 break the document; 1 problem\n$/);
  }, 60_000);

  it('exits 2 on a file that is not a HAR', async () => {
    const bad = join(dir, 'bad.har');
    await writeFile(bad, '{"log":{}}');
    const run = await verify(['--spec', SPEC, '--har', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not a HAR (no log.entries list)');
  }, 60_000);
});
