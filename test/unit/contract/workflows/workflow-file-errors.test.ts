import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractCli } from '../../../../src/cli/contract-command.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workflow-errors-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HEAD = `arazzo: 1.0.1
info: { title: t, version: '1' }
sourceDescriptions:
  - { name: petstore, url: ../spec/petstore.yaml, type: openapi }
`;

/** The CLI's exit status and stderr for a workflow file; the target is never contacted (port 9 is refused). */
async function run(text: string, extra: string[] = []): Promise<{ code: number; stderr: string }> {
  const file = join(dir, `w${Math.random().toString(36).slice(2)}.arazzo.yaml`);
  await writeFile(file, text);
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await runContractCli(['--base-url', 'http://127.0.0.1:1', '--api-key', 'demo-enterprise', '--workflows', file, ...extra], { stdout: new PassThrough(), stderr });
  return { code, stderr: err.replace(file, 'FILE') };
}

describe('contract --workflows: a file that cannot be run is exit 2, naming why', () => {
  it('names the file, the JSON path, the line and the reason of each problem Redocly’s Arazzo rules find', async () => {
    const { code, stderr } = await run(`${HEAD}workflows:
  - workflowId: w
    steps:
      - stepId: a
        operationId: listPets
        parametrs: []
        parameters:
          - { name: limit, in: body, value: 1 }
      - stepId: a
        operationId: listPets
`);
    expect(code).toBe(2);
    expect(stderr).toContain('--workflows FILE is not a valid Arazzo 1.0 document');
    expect(stderr).toContain('#/workflows/0/steps/0/parametrs (line 10): Property `parametrs` is not expected here; ');
    expect(stderr).toContain('#/workflows/0/steps/0/parameters/0/in (line 12)');
    expect(stderr).toMatch(/#\/workflows\/0\/steps\/1 \(line 13\): The `stepId` must be unique/);
  });

  it('refuses a file that is not Arazzo 1.0, and one that is not YAML', async () => {
    expect(await run('openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n')).toEqual({ code: 2, stderr: expect.stringContaining('#/arazzo: not an Arazzo 1.0 document (it has no `arazzo` field') });
    expect(await run(HEAD.replace('1.0.1', '1.1.0'))).toEqual({ code: 2, stderr: expect.stringContaining('its `arazzo` field is "1.1.0"') });
    expect(await run('arazzo: [unclosed\n')).toEqual({ code: 2, stderr: expect.stringContaining('is not valid YAML at line') });
  });

  it('names a step whose operationId or operationPath the --spec document lacks', async () => {
    const byId = await run(`${HEAD}workflows:
  - workflowId: w
    steps:
      - { stepId: a, operationId: listPets }
      - { stepId: b, operationId: adoptUnicorn }
`);
    expect(byId.code).toBe(2);
    expect(byId.stderr).toMatch(/FILE: #\/workflows\/0\/steps\/1 \(step b\): operationId adoptUnicorn is not in --spec .*petstore\.yaml \(it has listPets, createPet/);
    const byPath = await run(`${HEAD}workflows:
  - workflowId: w
    steps:
      - stepId: a
        operationPath: '{$sourceDescriptions.petstore.url}#/paths/~1unicorns/get'
`);
    expect(byPath.code).toBe(2);
    expect(byPath.stderr).toContain('#/workflows/0/steps/0 (step a): operationPath {$sourceDescriptions.petstore.url}#/paths/~1unicorns/get: --spec');
    expect(byPath.stderr).toContain('has no GET /unicorns');
    const qualified = await run(`${HEAD}workflows:
  - workflowId: w
    steps:
      - { stepId: a, operationId: $sourceDescriptions.elsewhere.listPets }
`);
    expect(qualified).toEqual({ code: 2, stderr: expect.stringContaining('no source description is named elsewhere (petstore)') });
  });

  it('names a goto to a step or workflow the file does not have', async () => {
    const step = await run(`${HEAD}workflows:
  - workflowId: w
    steps:
      - stepId: a
        operationId: listPets
        onSuccess: [{ name: g, type: goto, stepId: nope }]
`);
    expect(step).toEqual({ code: 2, stderr: expect.stringContaining('FILE: #/workflows/0/steps/0/onSuccess/0: goto step nope, which workflow w does not have (a)') });
    const workflow = await run(`${HEAD}workflows:
  - workflowId: w
    failureActions: [{ name: h, type: goto, workflowId: nada }]
    steps:
      - { stepId: a, operationId: listPets }
`);
    expect(workflow).toEqual({ code: 2, stderr: expect.stringContaining('#/workflows/0/failureActions/0: goto workflow nada, which the file does not have') });
  });

  it('refuses --workflow-input for an input no workflow declares, and workflow flags without --workflows', async () => {
    const file = `${HEAD}workflows:
  - workflowId: w
    inputs: { type: object, properties: { name: { type: string } } }
    steps:
      - { stepId: a, operationId: listPets }
`;
    expect(await run(file, ['--workflow-input', 'nmae=Rex'])).toEqual({ code: 2, stderr: expect.stringContaining('--workflow-input nmae: no workflow declares that input (inputs: name)') });
    const stderr = new PassThrough();
    let err = '';
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await runContractCli(['--base-url', 'http://127.0.0.1:1', '--api-key', 'k', '--workflows-only'], { stdout: new PassThrough(), stderr })).toBe(2);
    expect(err).toContain('--workflows-only needs --workflows FILE');
  });
});
