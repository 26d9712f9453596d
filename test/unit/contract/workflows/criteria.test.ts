import { describe, expect, it } from 'vitest';
import { checkCriterion, unsupportedCriterion } from '../../../../src/contract/workflows/criteria.js';
import { setAtPointer } from '../../../../src/contract/workflows/step-request.js';
import { evaluate, evaluateValue, type WorkflowScope } from '../../../../src/contract/workflows/workflow-expression.js';
import type { Exchange } from '../../../../src/contract/events.js';

const exchange: Exchange = {
  request: { method: 'POST', url: 'http://127.0.0.1:1/pets?x=1', headers: { 'content-type': 'application/json' }, body: { name: 'Rex' } },
  response: { status: 201, headers: { location: '/pets/7', 'x-total-count': '3' }, body: { id: 7, name: 'Rex', tags: [{ name: 'good' }] }, text: '' },
  durationMs: 1,
};
const scope: WorkflowScope = {
  inputs: { name: 'Rex', count: 2 },
  steps: new Map([['create', { petId: 7, pet: { id: 7, owner: { name: 'Ann' } } }]]),
  workflows: new Map([['setup', { inputs: { region: 'eu' }, outputs: { categoryId: 3 } }]]),
  components: { parameters: { page: { name: 'page', in: 'query', value: 1 } } },
  sourceDescriptions: { petstore: { url: './petstore.yaml' } },
  exchange: { exchange, url: exchange.request.url, pathParams: {} },
};

describe('Arazzo runtime expressions', () => {
  it('reads inputs, step outputs (with a JSON pointer), workflow outputs and inputs, components and sources', () => {
    expect(evaluate('$inputs.name', scope)).toEqual({ value: 'Rex' });
    expect(evaluate('$steps.create.outputs.petId', scope)).toEqual({ value: 7 });
    expect(evaluate('$steps.create.outputs.pet#/owner/name', scope)).toEqual({ value: 'Ann' });
    expect(evaluate('$workflows.setup.outputs.categoryId', scope)).toEqual({ value: 3 });
    expect(evaluate('$workflows.setup.inputs.region', scope)).toEqual({ value: 'eu' });
    expect(evaluate('$components.parameters.page', scope)).toEqual({ value: { name: 'page', in: 'query', value: 1 } });
    expect(evaluate('$sourceDescriptions.petstore.url', scope)).toEqual({ value: './petstore.yaml' });
  });

  it('reads the exchange through the runner’s OpenAPI expressions', () => {
    expect(evaluate('$statusCode', scope)).toEqual({ value: 201 });
    expect(evaluate('$method', scope)).toEqual({ value: 'POST' });
    expect(evaluate('$response.header.Location', scope)).toEqual({ value: '/pets/7' });
    expect(evaluate('$response.body#/tags/0/name', scope)).toEqual({ value: 'good' });
    expect(evaluate('$request.body#/name', scope)).toEqual({ value: 'Rex' });
    expect(evaluate('$request.query.x', scope)).toEqual({ value: '1' });
  });

  it('says what is missing', () => {
    expect(evaluate('$steps.other.outputs.id', scope)).toEqual({ missing: '$steps.other.outputs.id names nothing: step other has not run in this workflow' });
    expect(evaluate('$inputs.nope', scope)).toEqual({ missing: '$inputs.nope names nothing: no input nope' });
    expect(evaluate('$workflows.later.outputs.x', scope)).toMatchObject({ missing: expect.stringContaining('dependsOn') });
    expect(evaluate('$response.body#/nope', scope)).toEqual({ missing: '$response.body#/nope names nothing in the answer' });
  });

  it('evaluates payloads: whole expressions keep their type, embedded ones become text', () => {
    expect(evaluateValue({ petId: '$steps.create.outputs.petId', note: 'pet {$steps.create.outputs.petId} of {$inputs.name}', list: ['$inputs.count'] }, scope)).toEqual({
      value: { petId: 7, note: 'pet 7 of Rex', list: [2] },
    });
  });
});

describe('Arazzo criteria', () => {
  it('evaluates simple, regex and RFC 9535 JSONPath criteria against the answer', () => {
    expect(checkCriterion({ condition: '$statusCode == 201' }, scope)).toEqual({ met: true });
    expect(checkCriterion({ condition: '$statusCode == 200' }, scope)).toEqual({ met: false, why: '$statusCode = 201' });
    expect(checkCriterion({ context: '$response.header.Location', condition: '^/pets/\\d+$', type: 'regex' }, scope)).toEqual({ met: true });
    expect(checkCriterion({ context: '$statusCode', condition: '^2\\d\\d$', type: 'regex' }, scope)).toEqual({ met: true });
    expect(checkCriterion({ context: '$response.body', condition: "$.tags[?@.name == 'good']", type: 'jsonpath' }, scope)).toEqual({ met: true });
    expect(checkCriterion({ context: '$response.body', condition: "$.tags[?@.name == 'bad']", type: { type: 'jsonpath', version: 'rfc9535' } }, scope)).toMatchObject({ met: false, why: expect.stringContaining('selects nothing') });
    expect(checkCriterion({ context: '$response.body', condition: '$[?', type: 'jsonpath' }, scope)).toMatchObject({ met: false, why: expect.stringContaining('not an RFC 9535 JSONPath') });
  });

  it('names the criteria it cannot evaluate', () => {
    expect(unsupportedCriterion({ context: '$response.body', condition: '/pet/name', type: 'xpath' })).toMatch(/XPath/);
    expect(unsupportedCriterion({ condition: '^2', type: 'regex' })).toMatch(/without a context/);
    expect(unsupportedCriterion({ condition: '$statusCode == 200' })).toBeUndefined();
  });
});

describe('requestBody replacements', () => {
  it('sets a value at a JSON pointer in a copy, appending with -', () => {
    const payload = { pet: { name: 'x' }, tags: ['a'] };
    expect(setAtPointer(payload, '/pet/name', 'Rex')).toEqual({ pet: { name: 'Rex' }, tags: ['a'] });
    expect(setAtPointer(payload, '/tags/-', 'b')).toEqual({ pet: { name: 'x' }, tags: ['a', 'b'] });
    expect(payload).toEqual({ pet: { name: 'x' }, tags: ['a'] });
    expect(() => setAtPointer(payload, '/nothing/here', 1)).toThrow(/nothing at nothing/);
  });

  it('refuses a target through __proto__, leaving every object as it was', () => {
    expect(() => setAtPointer({}, '/__proto__/location', 'x')).toThrow('replacement target /__proto__/location names __proto__, which would change every object of the runner, not the payload; refused');
    expect(() => setAtPointer({ a: {} }, '#/a/__proto__/999', {})).toThrow(/names __proto__/);
    expect(({} as Record<string, unknown>)['location']).toBeUndefined();
    expect(({} as Record<string, unknown>)['999']).toBeUndefined();
  });
});
