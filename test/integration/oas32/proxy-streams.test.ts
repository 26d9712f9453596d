import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startDefectiveStreamServer, type DefectiveStreamServer } from '../../helpers/defective-streams.js';
import { startProxyProcess, type ProxyProcess } from '../../helpers/proxy-process.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));

let server: DefectiveStreamServer | undefined;
let proxy: ProxyProcess | undefined;
afterEach(async () => {
  await proxy?.stop();
  await server?.close();
});

async function violations(url: string): Promise<string> {
  return JSON.stringify(await (await fetch(`${url}/__admin/violations`)).json());
}

describe('the proxy checks a streamed answer item by item', () => {
  it('passes the events on unchanged and flags the bad item by its index in the violation log', async () => {
    server = await startDefectiveStreamServer('bad-item');
    proxy = await startProxyProcess(server.url, ['--spec', TICKER]);
    const res = await fetch(`${proxy.url}/quotes/stream`);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('x-contract-violations')).toBeNull();
    const text = await res.text();
    expect(text.match(/^event: quote$/gm)).toHaveLength(4);
    expect(text).toContain('"symbol":"NOPE"');
    const log = await violations(proxy.url);
    expect(log).toMatch(/item 2: /);
    expect(log).not.toMatch(/item [013]: /);
  }, 60_000);

  it('passes an endless stream through as it comes, without waiting for its end', async () => {
    server = await startDefectiveStreamServer('endless');
    proxy = await startProxyProcess(server.url, ['--spec', TICKER]);
    const res = await fetch(`${proxy.url}/quotes/stream`);
    const reader = res.body!.getReader();
    let text = '';
    while ((text.match(/^event: quote$/gm) ?? []).length < 50) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain('"seq":49');
  }, 60_000);
});
