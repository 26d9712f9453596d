/**
 * The README's examples a new user copies: the config it shows is the file it names, and every
 * command line in its shell blocks runs where the user is (a clone has no `petstore-kit` on PATH).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let readme: string;
beforeAll(async () => {
  readme = await readFile(join(ROOT, 'README.md'), 'utf8');
});

describe('the README', () => {
  it('shows mocks/keys.example.json as it is', async () => {
    const shown = /\[`mocks\/keys\.example\.json`\]\(mocks\/keys\.example\.json\):\n\n```json\n([\s\S]*?)\n```/.exec(readme);
    expect(shown, 'a json block after the link to mocks/keys.example.json').not.toBeNull();
    expect(JSON.parse(shown![1]!)).toEqual(JSON.parse(await readFile(join(ROOT, 'mocks/keys.example.json'), 'utf8')));
  });

  it('starts no shell line with a bare petstore-kit, which is on no PATH in a clone (npx or npm start are)', () => {
    const blocks = [...readme.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(3);
    const bare = blocks.flatMap((block) => block.split('\n')).filter((line) => /^\s*petstore-kit\s/.test(line));
    expect(bare).toEqual([]);
  });

  it("gives the runner's case counts on the bundled document that its plan has (the built CLI's --dry-run, which sends nothing)", async () => {
    const planned = async (phases: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'contract', '--base-url', 'http://127.0.0.1:9', '--api-key', 'demo-enterprise', '--dry-run', ...phases]);
      const [, cases, skipped] = /^(\d+) case\(s\) planned: (\d+) skipped/m.exec(stdout)!;
      return { cases: Number(cases), skipped: Number(skipped) };
    };
    const shown = /the default phases \(`examples,negative,boundary`\) run (\d+) cases[^(]*\((\d+) passed, (\d+) skipped/.exec(readme.replace(/\s+/g, ' '));
    expect(shown, 'the default phases figure in "For CI"').not.toBeNull();
    const defaults = await planned([]);
    // Every case sent passes against the mock (against-mock.test.ts): passed = planned - skipped.
    expect(shown!.slice(1).map(Number)).toEqual([defaults.cases, defaults.cases - defaults.skipped, defaults.skipped]);
    const deep = /all five phases with `--max-examples 50` (\d+) cases/.exec(readme.replace(/\s+/g, ' '));
    expect(Number(deep?.[1])).toBe((await planned(['--phases', 'examples,negative,boundary,stateful,fuzz', '--max-examples', '50'])).cases);
  });
});
