import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, CHECK_REGISTRY } from '../../../../src/contract/checks/registry.js';

const SRC = fileURLToPath(new URL('../../../../src', import.meta.url));
const CONTRACT = join(SRC, 'contract');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? sources(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []))));
  return nested.flat();
}

describe('the check registry', () => {
  it('names each check once, each with what it checks and its basis', () => {
    expect(new Set(CHECK_NAMES).size).toBe(CHECK_NAMES.length);
    for (const c of CHECK_REGISTRY) expect([c.name, c.checks.length > 10, c.basis.length > 5]).toEqual([c.name, true, true]);
  });

  it('holds every check name the runner writes on a failure', async () => {
    const written = new Set<string>();
    for (const file of await sources(CONTRACT)) {
      for (const m of (await readFile(file, 'utf8')).matchAll(/check: '([^']+)'/g)) written.add(m[1]!);
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((name) => !CHECK_NAMES.includes(name))).toEqual([]);
  });

  it('holds every check name the runner and the proxy compare a failure with', async () => {
    const compared = new Set<string>();
    for (const file of [...(await sources(CONTRACT)), ...(await sources(join(SRC, 'proxy')))]) {
      for (const m of (await readFile(file, 'utf8')).matchAll(/\.check [!=]== '([^']+)'/g)) compared.add(m[1]!);
    }
    expect([...compared].filter((name) => !CHECK_NAMES.includes(name))).toEqual([]);
  });
});
