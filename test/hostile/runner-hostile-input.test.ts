import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLinks } from '../../src/contract/http-syntax.js';
import { CATEGORY_RUN, HOSTILE_CHARS, STAGING_KEY, controlCharacters, json, readReports, runCli, useTargets } from '../helpers/hostile-targets.js';

const target = useTargets();
const PETSTORE = fileURLToPath(new URL('../../spec/petstore.yaml', import.meta.url));
// eslint-disable-next-line no-control-regex
const RAW_UNSAFE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('control characters from a target', () => {
  it('are escaped in the console output and in the JSON, JUnit and HTML reports', async () => {
    const hostile = await target(controlCharacters());
    const run = await runCli(['--base-url', hostile.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN]);
    expect([run.code, run.stderr]).toEqual([1, '']);
    const reports = await readReports(run.out);
    for (const [name, text] of [['console', run.stdout], ['report.json', reports.jsonText], ['junit.xml', reports.junit], ['report.html', reports.html]] as const) {
      expect(RAW_UNSAFE.exec(text)?.[0].codePointAt(0)?.toString(16), name).toBeUndefined();
    }
    // Shown, not dropped: the reader sees what the target sent.
    expect(reports.html).toContain('\\u009b31m\\u202etxt.exe');
    expect(run.stdout).toContain('\\u202etxt.exe');
    // In JSON the escapes are JSON's own: the data reads back exactly as the target sent it.
    expect(reports.jsonText).toContain('\\u009b31m\\u202etxt.exe');
    expect(JSON.stringify(reports.json)).toContain('\u009b31m\u202etxt.exe');
    const bodies = (reports.json.cases as unknown as { exchanges: { response: { body: unknown } }[] }[]).flatMap((c) => c.exchanges.map((e) => e.response.body));
    expect(bodies.some((b) => Array.isArray(b) && (b[0] as { name?: string })?.name === `bird${HOSTILE_CHARS}`)).toBe(true);
  });
});

describe("the runner's Link parsing", () => {
  it('stays linear on a 1 MB hostile Link header', () => {
    const MB = 1024 * 1024;
    const shapes = {
      'opening brackets': '<'.repeat(MB),
      'brackets, never closed': '<a'.repeat(MB / 2),
      'parameters without end': `<a>${'; rel=x'.repeat(MB / 8)}`,
      'an unclosed quote': `<a>; rel="${'x'.repeat(MB)}`,
      'quotes and commas': `<a>; rel="${'",<b>;'.repeat(MB / 6)}`,
      'many links': '<a>;rel=next,'.repeat(MB / 13),
    };
    for (const [name, value] of Object.entries(shapes)) {
      const started = performance.now();
      parseLinks(value);
      const ms = performance.now() - started;
      // A quadratic parser takes minutes here (the former regex: 2.3 s for 50 KB of '<'); this one
      // takes 1-350 ms per shape on an idle machine, so the bound leaves room for a loaded one.
      expect(ms, name).toBeLessThan(3000);
    }
    expect(parseLinks('<https://a/x>; rel="successor-version next", </y>; title="a,b"; rel=prev')).toEqual([
      { target: 'https://a/x', rel: ['successor-version', 'next'] },
      { target: '/y', rel: ['prev'] },
    ]);
  });
});

describe('a YAML alias bomb in an example of --spec', () => {
  it('is refused at start-up (exit 2, the file named) instead of hanging the run', async () => {
    const text = await readFile(PETSTORE, 'utf8');
    const anchor = "                value: { name: fish }\n";
    expect(text).toContain(anchor);
    let bomb = `${anchor}              bomb:\n                value:\n                  name: x\n                  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n`;
    for (let i = 1; i <= 9; i++) bomb += `                  l${i}: &l${i} [${Array(9).fill(`*l${i - 1}`).join(', ')}]\n`;
    const file = join(await mkdtemp(join(tmpdir(), 'runner-alias-')), 'bomb.yaml');
    await writeFile(file, text.replace(anchor, bomb));
    const ok = await target((_req, res) => json(res, 200, {}));
    const started = performance.now();
    const run = await runCli(['--base-url', ok.url, '--api-key', STAGING_KEY, '--spec', file, '--operation', 'createCategory'], { timeoutMs: 30_000 });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bomb\.yaml: expands to more than [\d,]+ values through YAML aliases/);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(ok.seen).toEqual([]);
  });
});
