import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CREDENTIAL } from '../../src/contract/checks/ignored-auth-credential.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

// ignored_auth sends a wrong credential besides none (issue 21; Schemathesis's ignored_auth does
// both), once per security requirement, on a read. The bundled mock refuses an unknown key with 401
// (INTERFACE section 4); under --auth any-credential it refuses a credential marked `invalid`, as the
// runner's wrong one is (decision 089); told to take that very key (--config), it lets it in and is reported.

interface Exchange { request: { method: string; url: string; headers: Record<string, string> }; response: { status: number } }
interface Case { id: string; status: string; failures: { check: string; expected: string; actual: string }[]; exchanges: Exchange[] }
interface Report { cases: Case[]; problems: { check: string; operationId: string; count: number }[] }

let out: string;
const mocks: MockProcess[] = [];
afterAll(async () => {
  for (const mock of mocks) await mock.stop();
  if (out) rmSync(out, { recursive: true, force: true });
});
beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'wrong-credential-'));
});

async function negativePhase(mockArgs: string[], name: string): Promise<{ code: number | null; stdout: string; report: Report }> {
  const mock = await startMockProcess(mockArgs);
  mocks.push(mock);
  const dir = join(out, name);
  const { code, stdout } = await runContract(['--base-url', mock.url, '--api-key', 'demo-enterprise', '--phases', 'negative', '--reporter', 'console', '--reporter', 'json', '--out', dir]);
  return { code, stdout, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report };
}

describe('ignored_auth with a wrong credential', () => {
  it('sends one wrong key, where the key goes, on a list read, and passes when the server answers 401', async () => {
    const { code, report } = await negativePhase([], 'known-keys');
    expect(code).toBe(0);
    const wrong = report.cases.filter((c) => c.id.endsWith('/negative/wrong-key'));
    expect(wrong.map((c) => [c.id, c.status])).toEqual([['listPets/negative/wrong-key', 'passed']]);
    const sent = wrong[0]!.exchanges[0]!;
    expect(`${sent.request.method} ${new URL(sent.request.url).pathname} -> ${sent.response.status}`).toBe('GET /pets -> 401');
    // Reports mask every credential header (4 characters, stars, 2): the wrong key's, not demo-enterprise's.
    expect(sent.request.headers['X-API-Key']).toBe(`${WRONG_CREDENTIAL.slice(0, 4)}${'*'.repeat(WRONG_CREDENTIAL.length - 6)}${WRONG_CREDENTIAL.slice(-2)}`);
    // The request without a key stays on every operation.
    expect(report.cases.filter((c) => c.id.endsWith('/negative/no-key')).length).toBeGreaterThan(5);
  }, 60_000);

  it('passes against the mock of any document under its default, any-credential: the wrong key is refused there too', async () => {
    const { code, report } = await negativePhase(['--auth', 'any-credential'], 'any-credential');
    expect(code).toBe(0);
    const wrong = report.cases.filter((c) => c.id.endsWith('/negative/wrong-key'));
    expect(wrong.map((c) => [c.id, c.status, c.exchanges[0]!.response.status])).toEqual([['listPets/negative/wrong-key', 'passed', 401]]);
  }, 60_000);

  it('reports a server that lets a wrong credential in, as one ignored_auth problem, and nothing else', async () => {
    const config = join(out, 'lets-the-wrong-key-in.json');
    writeFileSync(config, JSON.stringify({ keys: [{ key: WRONG_CREDENTIAL, plan: 'Enterprise', scope: 'read-write' }] }));
    const { code, stdout, report } = await negativePhase(['--auth', 'any-credential', '--config', config], 'lets-it-in');
    expect(code).toBe(1);
    expect(report.problems.map((p) => [p.check, p.operationId, p.count])).toEqual([['ignored_auth', 'listPets', 1]]);
    const failed = report.cases.filter((c) => c.status === 'failed');
    expect(failed.map((c) => [c.id, c.failures.map((f) => `${f.check}: expected ${f.expected}, got ${f.actual}`)])).toEqual([
      ['listPets/negative/wrong-key', ['ignored_auth: expected 401 or 403, got 200']],
    ]);
    expect(stdout).toContain('1) ignored_auth on listPets at status: 1 case');
    // Without a key that mock still answers 401: those cases pass.
    expect(report.cases.filter((c) => c.id.endsWith('/negative/no-key')).every((c) => c.status === 'passed')).toBe(true);
  }, 60_000);
});
