/**
 * Issue 22 item 2: credentials the proxy (and the runner) wrote to their files: a cookie the
 * upstream sets, a key echoed as PHP's JSON writes it (`/` as `\/`), and a query key sent
 * percent-encoded, which the HAR's `queryString` showed decoded. The built CLI in front of a
 * small upstream that does all three.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyProcess, startUpstream } from '../helpers/proxy-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SPEC = fileURLToPath(new URL('../fixtures/proxy/items.yaml', import.meta.url));
const HEADER_KEY = 'key/with/slashes-0123456789';
const QUERY_KEY = 'secret-query-key-4242';
const COOKIE = 'upstream-session-cookie-777';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let upstreamUrl: string;
let dir: string;
beforeAll(async () => {
  // Echoes the header key as PHP's json_encode does (`\/`), and sets a session cookie.
  upstream = await startUpstream((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    const body = `[{"id":1,"name":"${key.replace(/\//g, '\\/')}"}]`;
    res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': [`session=${COOKIE}; Path=/; HttpOnly`, 'theme=dark'] }).end(body);
  });
  upstreamUrl = upstream.url;
  dir = await mkdtemp(join(tmpdir(), 'petstore-proxy-credentials-'));
});
afterAll(async () => {
  await upstream.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every form of each credential a reader could use. */
const FORBIDDEN = [COOKIE, HEADER_KEY, HEADER_KEY.replace(/\//g, '\\/'), HEADER_KEY.replace(/\//g, '\\\\/'), QUERY_KEY, '%73ecret-query-key-4242', 'with\\/slashes'];

describe('credentials in what the proxy writes', () => {
  it('masks a cookie the upstream sets, a key echoed with \\/, and a percent-encoded query key, in the HAR and report.json', async () => {
    const out = join(dir, 'proxy');
    const proxy = await startProxyProcess(upstreamUrl, ['--spec', SPEC, '--record', join(out, 'traffic.har'), '--reporter', 'json', '--out', out, '--quiet']);
    const echoed = await fetch(`${proxy.url}/items`, { headers: { 'X-API-Key': HEADER_KEY } });
    expect(echoed.status).toBe(200);
    expect(echoed.headers.getSetCookie()).toEqual([`session=${COOKIE}; Path=/; HttpOnly`, 'theme=dark']); // the client still gets it
    expect(await echoed.text()).toContain('key\\/with\\/slashes');
    const query = await fetch(`${proxy.url}/items?api_key=%73ecret-query-key-4242&limit=2`);
    expect(query.status).toBe(200);
    expect(await proxy.stop()).toBe(0);

    const harText = await readFile(join(out, 'traffic.har'), 'utf8');
    const reportText = await readFile(join(out, 'report.json'), 'utf8');
    for (const text of [harText, reportText]) for (const secret of FORBIDDEN) expect(text).not.toContain(secret);
    const entries = JSON.parse(harText).log.entries;
    const setCookie = entries[0].response.headers.find((h: { name: string }) => h.name === 'set-cookie').value;
    expect(setCookie).toMatch(/^session=\S*…\S*; Path=\/; HttpOnly, theme=…$/);
    const queryString = entries[1].request.queryString;
    expect(queryString.find((q: { name: string }) => q.name === 'limit').value).toBe('2');
    expect(queryString.find((q: { name: string }) => q.name === 'api_key').value).toContain('…');
  });

  it("masks a key echoed with \\/, and a cookie the target sets, in the runner's report.json", async () => {
    const out = join(dir, 'runner');
    const child = spawn(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'contract', '--base-url', upstreamUrl, '--api-key', HEADER_KEY, '--spec', SPEC, '--operation', 'listItems', '--phases', 'examples', '--reporter', 'json', '--out', out], { cwd: ROOT, stdio: 'ignore' });
    await new Promise((resolve) => child.on('exit', resolve));
    const report = await readFile(join(out, 'report.json'), 'utf8');
    expect(JSON.parse(report).cases.length).toBeGreaterThan(0);
    expect(report).toContain('key/…89'); // the echo is in the report, masked
    for (const secret of FORBIDDEN) expect(report).not.toContain(secret);
  });
});
