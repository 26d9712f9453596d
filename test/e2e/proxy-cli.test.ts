/**
 * `petstore-kit proxy` as a CI job runs it: the built CLI in front of a real server, an
 * end-to-end script through it, SIGTERM, then the exit status, the reports and the HAR file.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import harValidator from 'har-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/http/start-mock.js';
import { defectNamed } from '../helpers/contract-defects.js';
import { startDefectProxy } from '../helpers/defect-proxy.js';
import { startProxyProcess } from '../helpers/proxy-process.js';


const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const KEY = 'demo-enterprise';

let mock: Awaited<ReturnType<typeof startMock>>;
let dir: string;
beforeAll(async () => {
  mock = await startMock({ quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'petstore-proxy-'));
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

function proxyRun(upstream: string, out: string, extra: string[] = []) {
  return startProxyProcess(upstream, ['--record', join(out, 'traffic.har'), '--reporter', 'json', '--reporter', 'junit', '--out', out, ...extra]);
}

async function script(base: string): Promise<number[]> {
  const statuses: number[] = [];
  const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json', Cookie: 'sid=session-cookie-secret' };
  const created = await fetch(`${base}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Rex', categoryId: 1 }) });
  statuses.push(created.status);
  const pet = (await created.json()) as { id: number };
  for (const path of [`/pets/${pet.id}`, '/pets?limit=3', '/store/inventory', '/pets/987654321']) statuses.push((await fetch(base + path, { headers })).status);
  return statuses;
}

describe('petstore-kit proxy', () => {
  it('in front of a correct server: 0 violations, exit 0, valid HAR without credentials, reports written', async () => {
    const out = join(dir, 'good');
    const proxy = await proxyRun(mock.url, out);
    expect(await script(proxy.url)).toEqual([201, 200, 200, 200, 404]);
    expect(await proxy.stop()).toBe(0);
    expect(proxy.stdout()).toContain('5 exchanges, 0 violating the document');
    const har = JSON.parse(await readFile(join(out, 'traffic.har'), 'utf8'));
    await expect(harValidator.har(har)).resolves.toEqual(har);
    await expect(harValidator.har({ log: { ...har.log, entries: [{ ...har.log.entries[0], time: 'soon' }] } })).rejects.toThrow();
    expect(har.log.entries).toHaveLength(5);
    expect(har.log.entries[0].request.method).toBe('POST');
    const files = [await readFile(join(out, 'traffic.har'), 'utf8'), await readFile(join(out, 'report.json'), 'utf8'), await readFile(join(out, 'junit.xml'), 'utf8')];
    for (const text of files) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('session-cookie-secret');
    }
    const junit = new XMLParser({ ignoreAttributes: false }).parse(files[2]!);
    expect(junit.testsuites['@_failures']).toBe('0');
  });

  it('in front of a server with a wrong field type: names the check, exit 1', async () => {
    const defective = await startDefectProxy(mock.url, defectNamed('wrong-field-type'));
    try {
      const out = join(dir, 'bad');
      const proxy = await proxyRun(defective.url, out);
      await script(proxy.url);
      expect(await proxy.stop()).toBe(1);
      expect(proxy.stdout()).toMatch(/✗ POST \/pets -> 201: \d+ violations?\n\s+response_schema_conformance: /);
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
      expect(report.totals.failed).toBeGreaterThan(0);
      expect(JSON.stringify(report)).toContain('response_schema_conformance');
    } finally {
      await defective.close();
    }
  });

  it('refuses to start without --upstream, with exit 2 and the usage', async () => {
    const child = spawn(process.execPath, [MAIN, 'proxy'], { cwd: ROOT });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(stderr).toContain('--upstream URL is required');
  });
});
