import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractCli } from '../../../src/cli/contract-command.js';
import { ManualClock } from '../../../src/core/clock.js';
import { conforms } from '../../../src/contract/engine.js';
import type { RunEvent, RunSummary } from '../../../src/contract/events.js';
import { runContract, type RunContractDeps } from '../../../src/contract/run-contract.js';
import type { ContractOptionsInput } from '../../../src/contract/options.js';
import { startMock } from '../../../src/http/start-mock.js';
import { DEFECTS } from '../../helpers/contract-defects.js';
import { notPassed, useResetMock } from '../../helpers/contract-mock.js';
import { startDefectProxy, type Defect } from '../../helpers/defect-proxy.js';

const mock = useResetMock();
const KEY = 'demo-enterprise';
const SPEC = new URL('../../../spec/petstore.yaml', import.meta.url).pathname;
const PETSTORE_WORKFLOWS = new URL('../../../contracts/petstore.arazzo.yaml', import.meta.url).pathname;
const PETSTORE_STEPS = [
  'createCategory', 'createPet', 'stockUp', 'placeOrder', 'stockWentDown', 'cancelOrder', 'stockIsBack',
  'orderAllOfIt', 'petIsPending', 'deliver', 'petIsSold', 'removePet', 'removeCategory',
].map((s) => `buyAndDeliver/${s}`);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workflows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function workflowFile(workflows: string, extra = ''): Promise<string> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.arazzo.yaml`);
  await writeFile(file, `arazzo: 1.0.1
info: { title: test, version: '1' }
sourceDescriptions:
  - { name: petstore, url: ../spec/petstore.yaml, type: openapi }
${extra}workflows:
${workflows}`);
  return file;
}

async function runWorkflows(baseUrl: string, workflows: string, input: Partial<ContractOptionsInput> = {}, deps: RunContractDeps = {}): Promise<RunSummary> {
  return runContract({ baseUrl, apiKey: KEY, workflows, workflowsOnly: true, ...input }, deps);
}

const statuses = (summary: RunSummary) => Object.fromEntries(summary.cases.map((c) => [c.id, c.status]));

/** Steps that make a category and a pet named `name`, for the workflows of these tests. */
const CREATE_PET = (name: string) => `
      - stepId: category
        operationId: createCategory
        requestBody: { payload: { name: test } }
        successCriteria: [{ condition: $statusCode == 201 }]
        outputs: { id: $response.body#/id }
      - stepId: pet
        operationId: createPet
        requestBody: { payload: { name: ${name}, categoryId: $steps.category.outputs.id } }
        successCriteria: [{ condition: $statusCode == 201 }]
        outputs: { id: $response.body#/id }`;

describe('contract --workflows against the real mock', () => {
  it('runs the shipped Petstore workflows, every step a passing case with the runner’s checks', async () => {
    const events: RunEvent[] = [];
    const summary = await runWorkflows(mock.url, PETSTORE_WORKFLOWS, {}, { onEvent: (e) => events.push(e) });
    expect(notPassed(summary)).toEqual([]);
    expect(summary.cases.map((c) => c.id)).toEqual([...PETSTORE_STEPS, 'deliveredOrderReadsBack/readDeliveredOrder']);
    expect(summary.cases.every((c) => c.kind === 'workflow' && c.status === 'passed')).toBe(true);
    expect(events[0]).toMatchObject({ type: 'run-started', plannedCases: 14 });
    const order = summary.cases.find((c) => c.id === 'buyAndDeliver/placeOrder')!;
    expect(order).toMatchObject({ operationId: 'placeOrder', method: 'POST', path: '/store/orders' });
    expect(order.exchanges.map((x) => x.request.body)).toEqual([{ petId: expect.any(Number), quantity: 2 }]);
    // The stock the second workflow sees came through the first one's outputs.
    const read = summary.cases.at(-1)!;
    expect(new URL(read.exchanges[0]!.request.url).pathname).toBe(`/store/orders/${(summary.cases.find((c) => c.id === 'buyAndDeliver/orderAllOfIt')!.exchanges[0]!.response.body as { id: number }).id}`);
    expect(summary.coverage.find((r) => r.operationId === 'setInventory')!.exercised).toEqual(['200']);
  });

  it('also runs the document’s own cases unless --workflows-only, the workflows first', async () => {
    const summary = await runContract({ baseUrl: mock.url, apiKey: KEY, workflows: PETSTORE_WORKFLOWS, operations: ['listCategories'], phases: ['examples'] });
    expect(notPassed(summary)).toEqual([]);
    expect(summary.cases.slice(0, 14).every((c) => c.kind === 'workflow')).toBe(true);
    expect(summary.cases.slice(14).map((c) => c.operationId)).toEqual(expect.arrayContaining(['listCategories']));
  });

  it('takes inputs from --workflow-input and defaults from their schema, and skips a workflow whose inputs do not fit', async () => {
    const summary = await runWorkflows(mock.url, PETSTORE_WORKFLOWS, { workflowInputs: ['petName=Input Rex', 'stock=5'] });
    expect(notPassed(summary)).toEqual([]);
    const pet = summary.cases.find((c) => c.id === 'buyAndDeliver/createPet')!;
    expect(pet.exchanges[0]!.request.body).toMatchObject({ name: 'Input Rex' });
    expect(summary.cases.find((c) => c.id === 'buyAndDeliver/orderAllOfIt')!.exchanges[0]!.request.body).toMatchObject({ quantity: 5 });

    const refused = await runWorkflows(mock.url, PETSTORE_WORKFLOWS, { workflowInputs: ['stock=1'] });
    expect(refused.totals).toMatchObject({ passed: 0, skipped: 14 });
    expect(refused.cases[0]!.reason).toBe('not run: workflow buyAndDeliver cannot start: its inputs do not fit their schema: input stock must be >= 2 (give them with --workflow-input NAME=VALUE)');
    expect(refused.cases.at(-1)!.reason).toBe('not run: it depends on workflow buyAndDeliver, which was skipped');
  });

  it('runs a step on Swagger Petstore 3 (a third-party document) against our mock of it', async () => {
    const spec = new URL('../../fixtures/documents/swagger-petstore-3/openapi.yaml', import.meta.url).pathname;
    const other = await startMock({ specFile: spec, quiet: true });
    try {
      const summary = await runContract({ baseUrl: other.url, spec, apiKey: 'any-token', workflows: spec.replace('openapi.yaml', 'petstore3.arazzo.yaml'), workflowsOnly: true });
      expect(notPassed(summary)).toEqual([]);
      expect(statuses(summary)).toEqual(Object.fromEntries(['addPet', 'getPet', 'placeOrder', 'getOrder', 'deleteOrder', 'deletePet', 'petIsGone'].map((s) => [`adoptPet/${s}`, 'passed'])));
      expect(summary.cases.at(-1)!.exchanges[0]!.response.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('goes where onSuccess goto says, reports the steps it passes by, and notes a failure an onFailure goto handles', async () => {
    const file = await workflowFile(`
  - workflowId: findOrCreate
    steps:
      - stepId: lookup
        operationId: listPets
        parameters: [{ name: name, in: query, value: Unique Gotoer }]
        successCriteria: [{ condition: $response.header.X-Total-Count == 1 }]
        onSuccess: [{ name: found, type: goto, stepId: done }]
        onFailure: [{ name: absent, type: goto, stepId: category }]
${CREATE_PET('Unique Gotoer')}
      - stepId: done
        operationId: listPets
        parameters: [{ name: name, in: query, value: Unique Gotoer }]
        successCriteria: [{ condition: $response.body#/0/name == 'unique gotoer' }]
`);
    const first = await runWorkflows(mock.url, file);
    expect(notPassed(first)).toEqual([]);
    expect(first.cases.map((c) => `${c.id} ${c.status}`)).toEqual(['findOrCreate/lookup passed', 'findOrCreate/category passed', 'findOrCreate/pet passed', 'findOrCreate/done passed']);
    expect(first.cases[0]!.notes).toEqual(['step lookup: successCriteria $response.header.X-Total-Count == 1 not met ($response.header.X-Total-Count = \'0\'); handled by onFailure absent (goto step category)']);

    const second = await runWorkflows(mock.url, file);
    expect(second.cases.map((c) => `${c.id} ${c.status}`)).toEqual(['findOrCreate/lookup passed', 'findOrCreate/done passed', 'findOrCreate/category skipped', 'findOrCreate/pet skipped']);
    expect(second.cases[2]!.reason).toBe("not run: the workflow's onSuccess/onFailure gotos passed it by");
  });

  it('runs a workflow a step names, its parameters the inputs and its outputs the step’s', async () => {
    const file = await workflowFile(`
  - workflowId: buy
    steps:
      - stepId: newPet
        workflowId: makePet
        parameters: [{ name: petName, value: Called Pet }]
        successCriteria: [{ condition: $outputs.petId > 0 }]
        outputs: { label: 'pet {$outputs.petId}' }
      - stepId: check
        operationId: listPets
        parameters: [{ name: id, in: query, value: $steps.newPet.outputs.petId }]
        successCriteria: [{ condition: "$response.body#/0/name == 'called pet' && $statusCode == 200" }]
  - workflowId: makePet
    inputs: { type: object, properties: { petName: { type: string, default: Plain Pet } } }
    steps:${CREATE_PET('$inputs.petName')}
    outputs: { petId: $steps.pet.outputs.id }
`);
    const summary = await runWorkflows(mock.url, file);
    expect(notPassed(summary)).toEqual([]);
    expect(summary.cases.map((c) => `${c.id} ${c.status}`)).toEqual([
      'makePet/category passed', 'makePet/pet passed', 'buy/newPet passed', 'buy/check passed', 'makePet/category#2 passed', 'makePet/pet#2 passed',
    ]);
    expect(summary.cases[1]!.exchanges[0]!.request.body).toMatchObject({ name: 'Called Pet' });
    expect(summary.cases[5]!.exchanges[0]!.request.body).toMatchObject({ name: 'Plain Pet' });
    expect(summary.cases[2]).toMatchObject({ operationId: 'workflow makePet', exchanges: [] });
  });

  it('stops a goto loop after a bounded number of steps, as an error of the run', async () => {
    const file = await workflowFile(`
  - workflowId: spin
    steps:
      - stepId: again
        operationId: listCategories
        parameters: [{ name: limit, in: query, value: 1 }]
        onSuccess: [{ name: loop, type: goto, stepId: again }]
`);
    const summary = await runWorkflows(mock.url, file);
    expect(summary.cases).toHaveLength(201);
    expect(summary.cases.at(-1)).toMatchObject({ id: 'spin/again#201', status: 'error', reason: 'not run: 200 steps already ran in workflow spin; its onSuccess/onFailure gotos loop' });
    expect(conforms(summary)).toBe(false);
  });

  it('skips, with the reason, each step using what the runner does not support, and the steps after it', async () => {
    const file = await workflowFile(
      `
  - workflowId: xml
    steps:
      - stepId: first
        operationId: listPets
        successCriteria: [{ context: $response.body, condition: /pets/pet, type: xpath }]
      - { stepId: second, operationId: listPets }
  - workflowId: nested
    steps:
      - { stepId: callXml, workflowId: xml }
  - workflowId: elsewhere
    steps:
      - { stepId: remote, operationId: $sourceDescriptions.billing.listInvoices }
  - workflowId: fine
    steps:
      - { stepId: list, operationId: listPets }
`,
      '',
    ).then(async (f) => {
      const text = (await readFile(f, 'utf8')).replace('../spec/petstore.yaml', SPEC).replace('type: openapi }', 'type: openapi }\n  - { name: billing, url: https://billing.example.com/openapi.yaml, type: openapi }');
      await writeFile(f, text);
      return f;
    });
    const summary = await runWorkflows(mock.url, file);
    expect(summary.cases.map((c) => [c.id, c.status, c.reason])).toEqual([
      ['xml/first', 'skipped', 'step first: criterion "/pets/pet" is XPath, which the runner does not evaluate (JSON answers only)'],
      ['xml/second', 'skipped', 'not run: step first before it was skipped (step first: criterion "/pets/pet" is XPath, which the runner does not evaluate (JSON answers only))'],
      ['xml/first#2', 'skipped', 'step first: criterion "/pets/pet" is XPath, which the runner does not evaluate (JSON answers only)'],
      ['xml/second#2', 'skipped', 'not run: step first before it was skipped (step first: criterion "/pets/pet" is XPath, which the runner does not evaluate (JSON answers only))'],
      ['nested/callXml', 'skipped', 'not run: workflow xml, which step callXml runs, was skipped (its steps say why)'],
      ['elsewhere/remote', 'skipped', 'step remote calls source description billing (https://billing.example.com/openapi.yaml), which is not the --spec document; the runner tests one document against --base-url'],
      ['fine/list', 'passed', undefined],
    ]);
    expect(conforms(summary)).toBe(true);
  });

  it('places parameters in query, header and cookie, finds a missing `in` in the operation, and lets a step send its own credential', async () => {
    const file = await workflowFile(
      `
  - workflowId: placed
    parameters: [{ name: X-Request-Id, in: header, value: wf-1 }]
    steps:
      - stepId: list
        operationId: listPets
        parameters:
          - { name: limit, value: 2 }
          - { name: session, in: cookie, value: a b }
          - { reference: $components.parameters.readonlyKey }
        successCriteria:
          - condition: $statusCode == 200 && $request.header.X-Request-Id == 'WF-1' && $request.query.limit == 2
`,
      `components:
  parameters:
    readonlyKey: { name: X-API-Key, in: header, value: demo-readonly }
`,
    );
    const summary = await runWorkflows(mock.url, file);
    expect(notPassed(summary)).toEqual([]);
    const sent = summary.cases[0]!.exchanges[0]!.request;
    expect(new URL(sent.url).search).toBe('?limit=2');
    expect(sent.headers).toMatchObject({ 'X-Request-Id': 'wf-1', cookie: 'session=a%20b', 'X-API-Key': 'demo-readonly' });
    expect(Object.keys(sent.headers).filter((h) => h.toLowerCase() === 'x-api-key')).toHaveLength(1);
  });

  it('masks the run’s key and a password input in every report format', async () => {
    const secret = 'workflow-secret-value-123';
    const file = await workflowFile(`
  - workflowId: traced
    inputs: { type: object, properties: { token: { type: string, format: password } } }
    steps:
      - stepId: list
        operationId: listPets
        parameters: [{ name: X-Trace, in: header, value: 'trace {$inputs.token}' }]
        successCriteria: [{ condition: $statusCode == 200 }]
`);
    const out = join(dir, 'reports');
    const stdout = new PassThrough();
    let console = '';
    stdout.on('data', (c: Buffer) => (console += c.toString()));
    const code = await runContractCli(
      ['--base-url', mock.url, '--api-key', KEY, '--workflows', file, '--workflows-only', '--workflow-input', `token=${secret}`, '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', out],
      { stdout, stderr: new PassThrough() },
    );
    expect(code).toBe(0);
    const reports = { console, json: await readFile(join(out, 'report.json'), 'utf8'), junit: await readFile(join(out, 'junit.xml'), 'utf8'), html: await readFile(join(out, 'report.html'), 'utf8') };
    expect(console).toContain('✓ traced/list (GET /pets)');
    expect(console).toContain('(phases none;');
    for (const [name, text] of Object.entries(reports)) {
      expect(text, name).toContain('traced/list');
      expect(text, name).not.toContain(secret);
      expect(text, name).not.toContain(KEY);
    }
    const report = JSON.parse(reports.json) as RunSummary;
    expect(report.cases[0]!.exchanges[0]!.request.headers['X-Trace']).toBe('trace work…23');
    expect(report.cases[0]!.kind).toBe('workflow');
  });
});

describe('contract --workflows: retries wait on the injected clock', () => {
  /** In front of the mock: the first `hidden` searches by name find nothing (an index that lags behind). */
  function laggingSearch(hidden: number): Defect {
    let searches = 0;
    return {
      name: 'lagging-search',
      caughtBy: 'success-criteria',
      description: 'a new pet shows in searches only after a while',
      onResponse: (response, request) => (request.method === 'GET' && request.path.startsWith('/pets?name=') && ++searches <= hidden ? { ...response, body: '[]', headers: { ...response.headers, 'x-total-count': '0' } } : response),
    };
  }
  const POLL = (limit: number) => `
  - workflowId: poll
    steps:${CREATE_PET('Polled Pet')}
      - stepId: find
        operationId: listPets
        parameters: [{ name: name, in: query, value: Polled Pet }]
        successCriteria: [{ condition: $response.body#/0/id == $steps.pet.outputs.id }]
        onFailure: [{ name: wait, type: retry, retryAfter: 5, retryLimit: ${limit} }]
      - stepId: remove
        operationId: deletePet
        parameters: [{ name: petId, in: path, value: $steps.pet.outputs.id }]
`;

  it('retries a step after retryAfter until its criteria hold, sleeping only through the run’s sleep', async () => {
    const proxy = await startDefectProxy(mock.url, laggingSearch(2));
    const clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    const slept: number[] = [];
    const events: RunEvent[] = [];
    try {
      const summary = await runWorkflows(proxy.url, await workflowFile(POLL(3)), {}, { clock, sleep: async (ms) => void (slept.push(ms), clock.advance(ms / 1000)), onEvent: (e) => events.push(e) });
      expect(notPassed(summary)).toEqual([]);
      expect(slept).toEqual([5000, 5000]);
      const find = summary.cases.find((c) => c.id === 'poll/find')!;
      expect(find.exchanges).toHaveLength(3);
      expect(find.waitedMs).toBe(10_000);
      expect(find.notes![0]).toMatch(/^attempt 1: step find: successCriteria \$response.body#\/0\/id == \$steps.pet.outputs.id not met .*; onFailure wait retries after 5 s \(retry 1 of 3\)$/);
      expect(events.filter((e) => e.type === 'waiting').map((e) => (e as { reason: string }).reason)).toEqual(['step find: onFailure wait retries after 5 s', 'step find: onFailure wait retries after 5 s']);
      expect(statuses(summary)['poll/remove']).toBe('passed');
    } finally {
      await proxy.close();
    }
  });

  it('fails the step naming its criterion once retryLimit is spent, and skips the steps after it', async () => {
    const proxy = await startDefectProxy(mock.url, laggingSearch(99));
    const slept: number[] = [];
    try {
      const summary = await runWorkflows(proxy.url, await workflowFile(POLL(2)), {}, { sleep: async (ms) => void slept.push(ms) });
      expect(slept).toEqual([5000, 5000]);
      const find = summary.cases.find((c) => c.id === 'poll/find')!;
      expect(find.status).toBe('failed');
      expect(find.exchanges).toHaveLength(3);
      expect(find.failures).toEqual([
        expect.objectContaining({ check: 'success-criteria', expected: '$response.body#/0/id == $steps.pet.outputs.id', location: '#/workflows/0/steps/2/successCriteria/0', message: expect.stringContaining('$response.body#/0/id names nothing in the answer') }),
      ]);
      expect(summary.cases.find((c) => c.id === 'poll/remove')).toMatchObject({ status: 'skipped', reason: 'not run: step find before it did not succeed' });
      expect(conforms(summary)).toBe(false);
    } finally {
      await proxy.close();
    }
  });

  it('ends at --max-duration: a retry that would outlast it is an error, and the steps after it are not run', async () => {
    const proxy = await startDefectProxy(mock.url, laggingSearch(99));
    const clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    try {
      const summary = await runWorkflows(proxy.url, await workflowFile(POLL(5)), { maxDurationSeconds: 12 }, { clock, sleep: async (ms) => clock.advance(ms / 1000) });
      const find = summary.cases.find((c) => c.id === 'poll/find')!;
      expect(find).toMatchObject({ status: 'error', reason: '--max-duration reached (12 s) before a wait of 5 s ended' });
      expect(find.exchanges).toHaveLength(3);
      expect(summary.cases.find((c) => c.id === 'poll/remove')!.status).toBe('skipped');
      expect(conforms(summary)).toBe(false);
    } finally {
      await proxy.close();
    }
  });
});

describe('contract --workflows against a defective server', () => {
  it('names the failing step: a create answering 200 fails its criterion and the response checks, and the workflow stops there', async () => {
    const proxy = await startDefectProxy(mock.url, DEFECTS.find((d) => d.name === 'wrong-201')!);
    try {
      const summary = await runWorkflows(proxy.url, PETSTORE_WORKFLOWS);
      const failed = summary.cases.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual(['buyAndDeliver/createCategory']);
      expect(failed[0]!.failures.map((f) => f.check)).toEqual(['status_code_conformance', 'success-criteria']);
      expect(failed[0]!.failures[1]!.message).toBe('step createCategory: successCriteria $statusCode == 201 not met ($statusCode = 200)');
      expect(summary.cases.filter((c) => c.status === 'skipped').map((c) => c.reason)).toEqual([
        ...PETSTORE_STEPS.slice(1).map(() => 'not run: step createCategory before it did not succeed'),
        'not run: it depends on workflow buyAndDeliver, which failed',
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('catches a server whose orders do not take stock, which only the workflow’s criterion sees', async () => {
    const stockNeverMoves: Defect = {
      name: 'stock-never-moves',
      caughtBy: 'success-criteria',
      description: 'GET /store/inventory/{petId} always reports the stock set last',
      onResponse: (response, request) => {
        if (request.method !== 'GET' || !/^\/store\/inventory\/\d+$/.test(request.path) || response.status !== 200) return response;
        return { ...response, body: JSON.stringify({ ...(JSON.parse(response.body) as object), quantity: 3, status: 'available' }) };
      },
    };
    const proxy = await startDefectProxy(mock.url, stockNeverMoves);
    try {
      const summary = await runWorkflows(proxy.url, PETSTORE_WORKFLOWS);
      const failed = summary.cases.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual(['buyAndDeliver/stockWentDown']);
      expect(failed[0]!.failures).toEqual([
        expect.objectContaining({
          check: 'success-criteria',
          message: "step stockWentDown: successCriteria $response.body#/quantity < $inputs.stock && $response.body#/status == 'available' not met ($response.body#/quantity = 3, $inputs.stock = 3, $response.body#/status = 'available')",
          location: '#/workflows/0/steps/4/successCriteria/1',
        }),
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('fails a step whose answer breaks the schema even where its criteria hold', async () => {
    const proxy = await startDefectProxy(mock.url, DEFECTS.find((d) => d.name === 'extra-field')!);
    try {
      const summary = await runWorkflows(proxy.url, PETSTORE_WORKFLOWS);
      const failed = summary.cases.filter((c) => c.status === 'failed');
      expect(failed.map((c) => c.id)).toEqual(['buyAndDeliver/createPet', 'buyAndDeliver/petIsPending', 'buyAndDeliver/petIsSold']);
      expect(new Set(failed.flatMap((c) => c.failures.map((f) => f.check)))).toEqual(new Set(['response_schema_conformance']));
      expect(statuses(summary)['buyAndDeliver/removeCategory']).toBe('passed');
    } finally {
      await proxy.close();
    }
  });
});
