import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runContract } from '../../helpers/contract-cli.js';
import { startDefectiveStreamServer, type DefectiveStreamServer } from '../../helpers/defective-streams.js';
import { startMockProcess } from '../../helpers/mock-processes.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));
const only = ['--spec', TICKER, '--operation', 'streamQuotes', '--phases', 'examples'];

let server: DefectiveStreamServer | undefined;
afterEach(() => server?.close());

describe('the runner reads streamed answers item by item', () => {
  it('passes the mock\'s own SSE, JSON Lines and json-seq streams, every item checked', async () => {
    const mock = await startMockProcess(['--spec', TICKER]);
    try {
      const { code, stdout } = await runContract(['--spec', TICKER, '--base-url', mock.url, '--operation', 'streamQuotes', '--operation', 'quoteLines', '--operation', 'quoteRecords', '--phases', 'examples']);
      expect(stdout).toMatch(/Result\s+PASSED/);
      expect(code).toBe(0);
    } finally {
      await mock.stop();
    }
  }, 60_000);

  it.each([
    ['bad-item', 'an item that breaks the item schema', /item 2: .*(enum|allowed)/i],
    ['broken-frame', 'a broken SSE frame', /item 1: a broken SSE frame \(unknown-field/],
  ] as const)('fails %s (%s), naming its index', async (defect, _what, named) => {
    server = await startDefectiveStreamServer(defect);
    const { code, stdout } = await runContract([...only, '--base-url', server.url]);
    expect(stdout).toMatch(named);
    // One item named as failing, in the problem's message (its heading says `at item N` too, decision 067).
    expect(stdout.match(/-> 200: item \d+:/g)).toHaveLength(1);
    expect(code).toBe(1);
  }, 60_000);

  it('stops reading a stream that never ends at --max-stream-items', async () => {
    server = await startDefectiveStreamServer('endless');
    const { code, stdout } = await runContract([...only, '--base-url', server.url, '--max-stream-items', '7']);
    expect(stdout).toMatch(/Result\s+PASSED/);
    expect(code).toBe(0);
  }, 60_000);

  it('stops reading a stream that goes silent at --max-stream-seconds, and checks what came', async () => {
    server = await startDefectiveStreamServer('silent');
    const { code, stdout } = await runContract([...only, '--base-url', server.url, '--max-stream-seconds', '0.5']);
    expect(stdout).toMatch(/Result\s+PASSED/);
    expect(code).toBe(0);
  }, 60_000);
});
