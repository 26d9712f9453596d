import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useResetMock } from '../helpers/contract-mock.js';
import { CATEGORY_RUN, runCli } from '../helpers/hostile-targets.js';

// Issue 22, item 4: what a hostile Arazzo file can do to the runner process, tried with the built CLI.
const mock = useResetMock();
const KEY = 'demo-enterprise';
const SPEC = new URL('../../spec/petstore.yaml', import.meta.url).pathname;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workflow-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workflowFile(name: string, steps: string): Promise<string> {
  const file = join(dir, `${name}.arazzo.yaml`);
  await writeFile(file, `arazzo: 1.0.1
info: { title: hostile, version: '1' }
sourceDescriptions:
  - { name: petstore, url: ${SPEC}, type: openapi }
workflows:
  - workflowId: hostile
    steps:
${steps}`);
  return file;
}

const createWith = (target: string) => `
      - stepId: make
        operationId: createCategory
        requestBody:
          payload: { name: made }
          replacements: [{ target: '${target}', value: 'http://evil.example/' }]
        successCriteria: [{ condition: $statusCode == 201 }]`;

interface JsonCase {
  id: string;
  status: string;
  reason?: string;
  notes?: string[];
  failures: { check: string; message: string }[];
  exchanges: unknown[];
}
async function cases(out: string): Promise<JsonCase[]> {
  return (JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { cases: JsonCase[] }).cases;
}

describe('a workflow file cannot change the runner', () => {
  it.each(['/__proto__/location', '/__proto__/999', '#/a/__proto__/x'])('refuses the replacement target %s at load: exit 2, one line, nothing sent', async (target) => {
    const run = await runCli(['--base-url', mock.url, '--api-key', KEY, '--workflows', await workflowFile('proto', createWith(target)), ...CATEGORY_RUN]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`replacement target ${target} names __proto__, which would change every object of the runner, not the payload; refused`);
    expect(run.stderr).toContain('(step make)');
    expect(await mock.admin.requests()).toEqual([]);
  }, 60_000);

  it('stops a regular expression criterion that backtracks without end, within --max-duration', async () => {
    const steps = `
      - stepId: make
        operationId: createCategory
        requestBody: { payload: { name: ${'a'.repeat(40)}b } }
        successCriteria: [{ context: $response.body#/name, condition: '^(a+)+$', type: regex }]`;
    const started = performance.now();
    const run = await runCli(['--base-url', mock.url, '--api-key', KEY, '--workflows', await workflowFile('regex', steps), '--workflows-only', '--max-duration', '5'], { timeoutMs: 50_000 });
    expect(performance.now() - started).toBeLessThan(45_000);
    expect([run.code, run.signal]).toEqual([1, null]);
    const step = (await cases(run.out)).find((c) => c.id === 'hostile/make')!;
    expect(step.status).toBe('failed');
    expect(step.failures.map((f) => f.message).join()).toContain('the regular expression ran past 1000 ms on $response.body#/name (41 characters) and was stopped');
  }, 90_000);

  it('caps retries: retryAfter 0 with retryLimit 1e6 sends the step 11 times, not thousands', async () => {
    const steps = `
      - stepId: poll
        operationId: listCategories
        successCriteria: [{ condition: $statusCode == 299 }]
        onFailure: [{ name: again, type: retry, retryAfter: 0, retryLimit: 1000000 }]`;
    const run = await runCli(['--base-url', mock.url, '--api-key', KEY, '--workflows', await workflowFile('retry', steps), '--workflows-only']);
    expect(run.code).toBe(1);
    const step = (await cases(run.out)).find((c) => c.id === 'hostile/poll')!;
    expect(step.status).toBe('failed');
    expect(step.exchanges).toHaveLength(11);
    expect(step.notes).toContain('onFailure again: retryLimit 1000000 is capped at 10');
  }, 60_000);
});
