/**
 * `petstore-kit diff` through the built CLI: a pair of documents differing in one way for every
 * rule, two real consecutive releases of public documents, the four reporters, git revisions and
 * the exit statuses.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const FIXTURES = join(ROOT, 'test/fixtures/diff');
const PAIRS = join(FIXTURES, 'pairs');
const REAL = join(FIXTURES, 'real');

interface Change { level: string; rule: string; operation: string; path: string; message: string }
interface Run { code: number | null; stdout: string; stderr: string }

function diff(args: string[], cwd = ROOT): Promise<Run> {
  const child = spawn(process.execPath, [MAIN, 'diff', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function diffJson(args: string[], out: string, cwd = ROOT): Promise<{ run: Run; changes: Change[]; fails: boolean }> {
  const run = await diff([...args, '--reporter', 'json', '--out', out], cwd);
  if (run.code === 2) return { run, changes: [], fails: false };
  const report = JSON.parse(await readFile(resolve(cwd, out, 'diff.json'), 'utf8')) as { changes: Change[]; fails: boolean };
  return { run, changes: report.changes, fails: report.fails };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-diff-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('one pair of documents per rule', async () => {
  const { DIFF_RULES } = (await import(join(ROOT, 'dist/diff/diff-rules.js'))) as { DIFF_RULES: readonly { id: string; level: string }[] };
  const results = new Map<string, Promise<{ run: Run; changes: Change[] }>>();
  const pending: (() => void)[] = [];
  let running = 0;
  // Four CLIs at a time: the machine is shared.
  const limited = <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = (): void => {
        running += 1;
        task().then(resolve, reject).finally(() => {
          running -= 1;
          pending.shift()?.();
        });
      };
      if (running < 4) start();
      else pending.push(start);
    });
  const result = (rule: string): Promise<{ run: Run; changes: Change[] }> => {
    if (!results.has(rule)) {
      const pair = join(PAIRS, rule);
      const extra = existsSync(join(pair, 'args.json')) ? (JSON.parse(execFileSync('cat', [join(pair, 'args.json')]).toString()) as string[]) : [];
      results.set(rule, limited(() => diffJson([join(pair, 'old.yaml'), join(pair, 'new.yaml'), ...extra], join(dir, 'pairs', rule))));
    }
    return results.get(rule)!;
  };

  // Every pair starts at once (four at a time), not one per test.
  beforeAll(() => {
    for (const rule of DIFF_RULES) void result(rule.id).catch(() => undefined);
  });

  it('has a pair for every rule, and a rule for every pair', () => {
    expect(readdirSync(PAIRS).sort()).toEqual(DIFF_RULES.map((rule) => rule.id).sort());
  });

  it.each(DIFF_RULES.map((rule) => [rule.id, rule.level]))('%s is reported as %s, and nothing else above info', async (id, level) => {
    const { run, changes } = await result(id);
    expect(run.stderr).toBe('');
    expect(changes.filter((change) => change.rule === id).map((change) => change.level)).toContain(level);
    expect(changes.filter((change) => change.level !== 'info' && change.rule !== id)).toEqual([]);
    expect(run.code).toBe(level === 'breaking' ? 1 : 0);
  }, 60_000);
});

describe('docs/diff-rules.md', () => {
  it('is the rule table of src/diff/diff-rules.ts, so the two cannot drift', async () => {
    const { diffRulesMarkdown } = (await import(join(ROOT, 'dist/diff/diff-rules.js'))) as { diffRulesMarkdown: () => string };
    expect(await readFile(join(ROOT, 'docs/diff-rules.md'), 'utf8')).toBe(diffRulesMarkdown());
  });
});

describe('real consecutive releases of public documents', () => {
  it('RealWorld 1.0.0 -> 1.1.0: the two DELETEs whose 200 became 204 are breaking, and nothing else', async () => {
    const { run, changes } = await diffJson([join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'realworld-1.1.0.yaml')], join(dir, 'realworld'));
    expect(run.code).toBe(1);
    const breaking = changes.filter((change) => change.level === 'breaking').map((change) => `${change.rule} ${change.operation}`);
    expect(breaking.sort()).toEqual(['success-status-removed DELETE /articles/{slug}', 'success-status-removed DELETE /articles/{slug}/comments/{id}']);
    expect(changes.filter((change) => change.level === 'warning').map((change) => change.rule)).toEqual(['server-url-changed']);
  }, 60_000);

  it('Swagger Petstore 1.0.25 -> 1.0.26: nothing breaking; the moved base URL is the one warning', async () => {
    const { run, changes } = await diffJson([join(REAL, 'swagger-petstore-1.0.25.yaml'), join(REAL, 'swagger-petstore-1.0.26.yaml')], join(dir, 'petstore'));
    expect(run.code).toBe(0);
    expect(changes.filter((change) => change.level === 'breaking')).toEqual([]);
    expect(changes.filter((change) => change.level === 'warning').map((change) => change.message)).toEqual(['the first server URL changed from /v3 to https://petstore3.swagger.io/api/v3']);
    // 405s dropped from four operations: documentation of errors, not a promise to clients.
    expect(changes.filter((change) => change.rule === 'error-status-removed')).toHaveLength(4);
    const strict = await diff([join(REAL, 'swagger-petstore-1.0.25.yaml'), join(REAL, 'swagger-petstore-1.0.26.yaml'), '--fail-on', 'warning']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('(fails on warning: yes)');
  }, 60_000);
});

describe('reporters', () => {
  it('console, markdown and junit say the same changes', async () => {
    const out = join(dir, 'reporters');
    const run = await diff([join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'realworld-1.1.0.yaml'), '--reporter', 'console,markdown,junit', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('breaking success-status-removed  DELETE /articles/{slug}\n');
    expect(run.stdout).toContain("at $.paths['/articles/{slug}'].delete.responses['200']");
    expect(run.stdout).toContain('5 changes: 2 breaking, 1 warning, 2 info (fails on breaking: yes)');
    const markdown = await readFile(join(out, 'diff.md'), 'utf8');
    expect(markdown).toContain('**Fails** (`--fail-on breaking`)');
    expect(markdown).toContain('| DELETE /articles/{slug} | the 200 answer is no longer documented (the new document has 204) | `success-status-removed` |');
    const junit = await readFile(join(out, 'diff-junit.xml'), 'utf8');
    expect(junit).toContain('tests="5" failures="2"');
    expect(junit).toContain('<failure type="success-status-removed"');
  }, 60_000);
});

describe('git revisions', () => {
  it('reads git:REV:PATH with its own $refs from that revision', async () => {
    const repo = join(dir, 'repo');
    await mkdir(join(repo, 'api'), { recursive: true });
    const git = (...args: string[]): void => {
      execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, stdio: 'ignore' });
    };
    git('init', '-q');
    const document = (): string =>
      `openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  /things:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {$ref: './thing.yaml'}\n      responses:\n        '201': {description: made}\n`;
    await writeFile(join(repo, 'api/openapi.yaml'), document());
    await writeFile(join(repo, 'api/thing.yaml'), 'type: object\nproperties:\n  name: {type: string}\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'v1');
    await writeFile(join(repo, 'api/thing.yaml'), 'type: object\nrequired: [name]\nproperties:\n  name: {type: string}\n');
    const { run, changes } = await diffJson(['git:HEAD:api/openapi.yaml', 'api/openapi.yaml'], 'out', repo);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(changes.map((change) => `${change.rule} ${change.operation}`)).toEqual(['request-property-made-required POST /things']);
    const unknown = await diff(['git:no-such-branch:api/openapi.yaml', 'api/openapi.yaml'], repo);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('git:no-such-branch:api/openapi.yaml: no file api/openapi.yaml at revision no-such-branch');
  }, 60_000);
});

describe('help', () => {
  it('diff --help shows the usage with examples, exit 0; the top-level help lists diff and verify', async () => {
    const run = await diff(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('examples:\n  petstore-kit diff git:origin/main:openapi.yaml openapi.yaml --reporter markdown\n');
    const top = await new Promise<string>((done) => {
      const child = spawn(process.execPath, [MAIN, '--help'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.once('exit', () => done(out));
    });
    expect(top).toMatch(/\n {2}diff {7}.*\n {2}verify {5}/);
  }, 60_000);
});

describe('bad input exits 2 with a line that says why', () => {
  it.each([
    [['missing.yaml', join(REAL, 'realworld-1.1.0.yaml')], 'missing.yaml'],
    [[join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'README.md')], 'README.md'],
    [[join(REAL, 'realworld-1.0.0.yaml')], 'expected two documents, OLD and NEW (got 1)'],
    [[join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'realworld-1.1.0.yaml'), '--fail-on', 'info'], '--fail-on takes breaking or warning'],
    [[join(REAL, 'realworld-1.0.0.yaml'), join(REAL, 'realworld-1.1.0.yaml'), '--now', 'soon'], '--now takes a date'],
  ])('diff %j', async (args, said) => {
    const run = await diff(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(said);
    expect(run.stdout).toBe('');
  }, 60_000);
});
