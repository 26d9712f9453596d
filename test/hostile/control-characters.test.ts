import { describe, expect, it } from 'vitest';
import { expectHealthy, rawRequest, useHostileMock } from './hostile-kit.js';

/** Any C0 or C1 control, DEL, or bidi control: none may reach a terminal or the journal as is. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Node reads header bytes as latin1: 0x9b arrives as U+009B, a terminal's CSI. */
function withKey(keyBytes: number[], session: string): Buffer {
  const [head, tail] = rawRequest('GET', '/pets?limit=1', { 'X-API-Key': 'KEY', 'X-Mock-Session': session }).split('KEY');
  return Buffer.concat([Buffer.from(head!, 'latin1'), Buffer.from(keyBytes), Buffer.from(tail!, 'latin1')]);
}

describe('control characters from requests', () => {
  const mock = useHostileMock();

  it('are escaped visibly (\\u009b) in the request log and the journal, never dropped or passed raw', async () => {
    const session = 'control-chars';
    // "\x9b2J" clears a terminal; 0x80 and 0x85 are C1 too; e2 80 ae is U+202E in UTF-8.
    const keys = [
      [0x9b, 0x32, 0x4a, 0x2d, 0x73, 0x65, 0x63, 0x72, 0x65, 0x74, 0x2d, 0x80, 0x85],
      [0xe2, 0x80, 0xae, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x9b, 0x9b],
    ];
    for (const key of keys) {
      const { answers } = await mock.raw([withKey(key, session)], { answers: 1 });
      expect(answers[0]?.status).toBe(401);
    }
    const journal = await mock.send('GET', '/__admin/requests', { session });
    expect(journal.text).not.toMatch(RAW_CONTROL);
    const entries = JSON.parse(journal.text) as { key: string | null }[];
    expect(entries.map((e) => e.key)).toEqual(['\\u009b2J-…\\u0080\\u0085', 'â\\u0080®a…\\u009b\\u009b']);
    const { out, err } = mock.logged();
    expect(out + err).not.toMatch(RAW_CONTROL);
    expect(out).toContain('key=\\u009b2J-…\\u0080\\u0085 session=control-chars');
    expect(out).toContain('key=â\\u0080®a…\\u009b\\u009b session=control-chars');
    await expectHealthy(mock, [session]);
  });
});
