/**
 * `petstore-kit diff --replay` through the built CLI: OLD's contract against a mock of OLD and of
 * NEW, started on ephemeral ports; what passes on the first and not on the second is named.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/mock-processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAIRS = join(ROOT, 'test/fixtures/diff/pairs');
const REAL = join(ROOT, 'test/fixtures/diff/real');

const diff = (args: string[]): ReturnType<typeof runCli> => runCli(['diff', ...args]);

describe('diff --replay', () => {
  it('names the old create a new server refuses once a field is required', async () => {
    const pair = join(PAIRS, 'request-property-added-required');
    const run = await diff([join(pair, 'old.yaml'), join(pair, 'new.yaml'), '--replay']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // The document serves under /v1 (its servers URL): the runner sends there (decision 064).
    expect(run.stdout).toMatch(/^ {2}400 POST \/v1\/pets \(createPet[,)].*owner/m);
  }, 120_000);

  it('finds nothing to name when the new document only adds an optional field', async () => {
    const pair = join(PAIRS, 'request-property-added-optional');
    const run = await diff([join(pair, 'old.yaml'), join(pair, 'new.yaml'), '--replay']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain("replay: the old contract's requests conform against the new document's mock as against the old one's");
    expect(run.code).toBe(0);
  }, 120_000);

  it('RealWorld 1.0.0 -> 1.1.0: the two DELETEs now answering 204, and nothing else', async () => {
    const run = await diff([join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'realworld-1.1.0.yaml'), '--replay']);
    expect(run.code).toBe(1);
    const named = run.stdout.split('\n').filter((line) => /^ {2}\d{3} /.test(line)).map((line) => /\((\w+)/.exec(line)?.[1]);
    expect(named.sort()).toEqual(['DeleteArticle', 'DeleteArticleComment']);
    expect(run.stdout).toContain('replay: 2 old requests the new document');
  }, 120_000);
});
