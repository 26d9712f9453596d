/**
 * What `npm pack` puts in the package a user installs (docs/decisions/054-dredd-in-a-clone-only.md):
 * source maps whose sources are in it, and no runtime dependency that none of its files imports.
 * Reads the file list of `npm pack --dry-run` and the built files (`npm run build` first).
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let packed: Set<string>;
beforeAll(async () => {
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  packed = new Set((JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
}, 60_000);

describe('the packed package', () => {
  it('carries the source of every source map it carries', async () => {
    const maps = [...packed].filter((path) => path.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const map of maps) {
      const { sources, sourceRoot = '' } = JSON.parse(await readFile(join(ROOT, map), 'utf8')) as { sources: string[]; sourceRoot?: string };
      for (const source of sources) {
        const path = posix.normalize(posix.join(dirname(map), sourceRoot, source));
        if (!packed.has(path)) missing.push(`${map} -> ${path}`);
      }
    }
    expect(missing.slice(0, 5), `${missing.length} sources missing`).toEqual([]);
  });

  it('imports every runtime dependency from a file it carries', async () => {
    const { dependencies } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const built = [...packed].filter((path) => path.startsWith('dist/') && /\.(js|cjs|d\.ts)$/.test(path));
    const text = (await Promise.all(built.map((path) => readFile(join(ROOT, path), 'utf8')))).join('\n');
    const unused = Object.keys(dependencies).filter((name) => {
      const quoted = `['"]${name.replace(/[/.]/g, '\\$&')}(/[^'"]*)?['"]`;
      return !new RegExp(`(from |import\\(|require\\()${quoted}`).test(text);
    });
    expect(unused).toEqual([]);
  });
});
