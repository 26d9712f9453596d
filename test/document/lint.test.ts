import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_FILE } from '../helpers/petstore-document.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules/.bin/redocly');
const CONFIG = join(ROOT, 'redocly.yaml');

interface LintResult {
  code: number;
  totals: { errors: number; warnings: number };
  /** The rule ids of the problems found. */
  rules: string[];
}

async function lint(file: string): Promise<LintResult> {
  let code = 0;
  let stdout: string;
  try {
    ({ stdout } = await run(REDOCLY, ['lint', file, '--config', CONFIG, '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    }));
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    if (!e.stdout.trim().startsWith('{')) throw new Error(`redocly did not lint ${file}: ${e.stderr}`);
    code = e.code;
    stdout = e.stdout;
  }
  const report = JSON.parse(stdout) as { totals: LintResult['totals']; problems: { ruleId: string }[] };
  return { code, totals: report.totals, rules: report.problems.map((p) => p.ruleId) };
}

let dir: string;
let text: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-lint-'));
  text = await readFile(SPEC_FILE, 'utf8');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function lintMutated(from: string, to: string) {
  expect(text).toContain(from);
  const file = join(dir, `mutated-${Math.abs(hash(from))}.yaml`);
  await writeFile(file, text.replace(from, to));
  return lint(file);
}
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

describe('npm run lint:spec (Redocly, recommended-strict)', () => {
  it('passes spec/petstore.yaml with no error and no warning', async () => {
    const { code, totals, rules } = await lint(SPEC_FILE);
    expect(rules).toEqual([]);
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  });

  it('fails a document with an example that does not match its schema', async () => {
    const { code, rules } = await lintMutated('value: { name: Rex, categoryId: 1 }', 'value: { name: Rex, categoryId: 0 }');
    expect(code).not.toBe(0);
    expect(rules).toContain('no-invalid-media-type-examples');
  });

  it('fails a document with an operation that has no operationId', async () => {
    const { code, rules } = await lintMutated('      operationId: deleteOrder\n', '');
    expect(code).not.toBe(0);
    expect(rules).toContain('operation-operationId');
  });

  it('fails a document whose operation has no 4xx response', async () => {
    const dropped = text.replace(/(operationId: getInventoryItem[\s\S]*?)'400':[^\n]*\n\s*'401':[^\n]*\n\s*'403':[^\n]*\n\s*'404':[^\n]*\n\s*'429':[^\n]*\n/, '$1');
    expect(dropped).not.toBe(text);
    const file = join(dir, 'no-4xx.yaml');
    await writeFile(file, dropped);
    const { code, rules } = await lint(file);
    expect(code).not.toBe(0);
    expect(rules).toContain('operation-4xx-response');
  });
});
