/**
 * The README's examples a new user copies: the config it shows is the file it names, and every
 * command line in its shell blocks runs where the user is (a clone has no `petstore-kit` on PATH).
 */
import { readFile } from 'node:fs/promises';
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
});
