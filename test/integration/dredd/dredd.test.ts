/**
 * Dredd, the second engine, against the real mock: it passes and writes its JUnit file. Then the
 * same run through a proxy that breaks one body, to show the hooks make Dredd check body schemas.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDreddCli } from '../../../src/cli/dredd-command.js';
import { startMock } from '../../../src/http/start-mock.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

type Mock = Awaited<ReturnType<typeof startMock>>;
type Node = Record<string, unknown>;

let mock: Mock;
let dir: string;

beforeAll(async () => {
  mock = await startMock({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'petstore-dredd-'));
});

afterAll(async () => {
  await mock?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function dredd(baseUrl: string, out: string): Promise<{ code: number; output: string; suite: Node; cases: Node[] }> {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await runDreddCli(['--base-url', baseUrl, '--api-key', 'demo-enterprise', '--out', out], { stdout: stream, stderr: stream });
  const xml = await readFile(join(out, 'dredd-junit.xml'), 'utf8');
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' }).parse(xml);
  const suite = parsed.testsuite as Node;
  return { code, output, suite, cases: (suite.testcase as Node[] | undefined) ?? [] };
}

describe('Dredd against the mock', () => {
  it('passes every 2xx transaction of the document and writes dredd-junit.xml', async () => {
    const { index } = await petstoreDocument();
    const { code, output, suite, cases } = await dredd(mock.url, join(dir, 'mock'));
    expect(output).not.toContain('demo-enterprise');
    expect(output).not.toContain('API description parser warning');
    expect(output).not.toContain('Skipping hook loading');
    expect({ code, failures: suite.failures, errors: suite.errors }, output).toEqual({ code: 0, failures: '0', errors: '0' });
    const ran = cases.filter((c) => !('skipped' in c));
    // One success response per operation: Dredd tests exactly those, and skips the error responses.
    expect(ran).toHaveLength(index.operations.length);
    expect(Number(suite.tests)).toBe(cases.length);
    expect(Number(suite.skipped)).toBe(cases.length - ran.length);
    expect(cases.every((c) => Number.isFinite(Number(c.time)))).toBe(true);
    expect(output).toMatch(new RegExp(`complete: ${index.operations.length} passing, 0 failing, 0 errors`));
  }, 60_000);
});

describe('Dredd against a server that breaks the contract', () => {
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    // Forwards to the mock, but a pet read by id comes back with a status outside the enum.
    proxy = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>;
      const upstream = await fetch(`${mock.url}${req.url}`, { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
      let body = await upstream.text();
      if (req.method === 'GET' && /^\/pets\/\d+$/.test(req.url ?? '')) body = JSON.stringify({ ...JSON.parse(body), status: 'adopted' });
      const out = Object.fromEntries([...upstream.headers].filter(([k]) => k !== 'content-length' && k !== 'content-encoding'));
      res.writeHead(upstream.status, out).end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it('exits 1 and names the body that does not match the schema', async () => {
    const { code, suite, cases } = await dredd(proxyUrl, join(dir, 'broken'));
    expect(code).toBe(1);
    expect(suite.failures).toBe('1');
    const failed = cases.filter((c) => 'failure' in c);
    expect(failed.map((c) => c.name)).toEqual([expect.stringMatching(/^GET \(200\) \/pets\/\d+$/)]);
    expect(JSON.stringify(failed[0])).toContain('No enum match for: \\"adopted\\"');
  }, 60_000);
});
