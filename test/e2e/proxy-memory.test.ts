/**
 * Issue 22 item 1: the proxy held its 5,000 newest exchanges whole (text and parsed JSON), so a
 * suite of large answers grew it without end and, with a small heap, killed it before the HAR and
 * reports were written. Here the built CLI runs with a 160 MB heap through 160 answers of ~780 KB.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyProcess, startUpstream } from '../helpers/proxy-process.js';

const SPEC = fileURLToPath(new URL('../fixtures/proxy/items.yaml', import.meta.url));
const ANSWERS = 160;
// ~780 KB of items, each valid against the document's Item schema.
const LARGE = Buffer.from(JSON.stringify(Array.from({ length: 9000 }, (_, id) => ({ id, name: `item number ${id} `.padEnd(70, 'x') }))));

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let upstreamUrl: string;
let dir: string;
beforeAll(async () => {
  upstream = await startUpstream((_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-length': LARGE.length }).end(LARGE));
  upstreamUrl = upstream.url;
  dir = await mkdtemp(join(tmpdir(), 'petstore-proxy-memory-'));
});
afterAll(async () => {
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the proxy under large answers', () => {
  it('stays within a small heap, and writes the HAR and reports of every exchange', async () => {
    const har = join(dir, 'traffic.har');
    const proxy = await startProxyProcess(upstreamUrl, ['--spec', SPEC, '--record', har, '--reporter', 'json', '--out', dir, '--quiet'], ['--max-old-space-size=160']);
    const statuses: number[] = [];
    try {
      for (let n = 0; n < ANSWERS; n++) {
        const res = await fetch(`${proxy.url}/items`, { headers: { 'X-API-Key': 'memory-test-key' } });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    } catch (err) {
      throw new Error(`the proxy failed after ${statuses.length} answers: ${(err as Error).message}\n${proxy.stderr().slice(-600)}`);
    }
    const { rssMb, peakMb } = proxy.memory();
    console.log(`proxy after ${ANSWERS} answers of ${(LARGE.length / 1024).toFixed(0)} KB: RSS ${rssMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB`);
    expect(await proxy.stop()).toBe(0);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ANSWERS);
    expect(rssMb).toBeLessThan(300);
    // The HAR streams every answer whole; the report counts every exchange and lists what it kept.
    expect((await stat(har)).size).toBeGreaterThan(ANSWERS * LARGE.length);
    const entries = JSON.parse(await readFile(har, 'utf8')).log.entries;
    expect(entries).toHaveLength(ANSWERS);
    expect(entries[ANSWERS - 1].response.content.text).toBe(LARGE.toString());
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(report.totals).toMatchObject({ cases: ANSWERS, passed: ANSWERS, failed: 0 });
    expect(report.cases.length).toBeGreaterThan(0);
  }, 240_000);
});
