import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/contract/events.js';
import { createJunitReporter } from '../../../src/reporting/junit-reporter.js';
import { HOSTILE, NOTE, failingRunSummary, hostileRunSummary, passingRunSummary } from '../../fixtures/run-summary.js';

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-junit-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(summary: RunSummary, name: string): Promise<{ xml: string; root: Node }> {
  const out = join(dir, name);
  await createJunitReporter(out).finish?.(summary);
  const xml = await readFile(join(out, 'junit.xml'), 'utf8');
  expect(XMLValidator.validate(xml)).toBe(true);
  return { xml, root: parser.parse(xml).testsuites as Node };
}

const allSuitesOf = (root: Node) => root.testsuite as Node[];
const suitesOf = (root: Node) => allSuitesOf(root).filter((s) => s.name !== 'problems');
const casesOf = (suite: Node) => suite.testcase as Node[];
const sum = (values: unknown[]) => values.reduce<number>((s, v) => s + Number(v), 0);

describe('junit reporter', () => {
  it('writes one testsuite per operation that ran and one testcase per case', async () => {
    const summary = failingRunSummary();
    const { root } = await write(summary, 'failing');
    const suites = suitesOf(root);
    expect(suites.map((s) => s.name)).toEqual(['listPets', 'createPet', 'getPetById', 'deletePet', 'createCategory', 'setInventory']);
    for (const suite of suites) for (const c of casesOf(suite)) expect(c.classname).toBe(suite.name);
    expect(casesOf(suites[1] as Node).map((c) => c.name)).toEqual(['POST /pets with example "dog" answers 201', 'POST /pets with an empty name answers 400']);
  });

  it('keeps counts and times consistent between cases, suites and the root', async () => {
    const summary = failingRunSummary();
    const { root } = await write(summary, 'counts');
    const suites = allSuitesOf(root);
    // 9 cases, and one failed testcase for each of the 3 problems.
    expect(root).toMatchObject({ tests: '12', failures: '5', errors: '1', skipped: '1' });
    for (const key of ['tests', 'failures', 'errors', 'skipped'] as const) expect(sum(suites.map((s) => s[key]))).toBe(Number(root[key]));
    for (const suite of suites) {
      const cases = casesOf(suite);
      expect(cases).toHaveLength(Number(suite.tests));
      expect(cases.filter((c) => 'failure' in c)).toHaveLength(Number(suite.failures));
      expect(cases.filter((c) => 'error' in c)).toHaveLength(Number(suite.errors));
      expect(cases.filter((c) => 'skipped' in c)).toHaveLength(Number(suite.skipped));
      expect(sum(cases.map((c) => c.time)).toFixed(3)).toBe(suite.time);
    }
    expect(sum(suites.map((s) => s.time)).toFixed(3)).toBe(root.time);
  });

  it('leads with a problems suite: one failed testcase per problem, listing the cases that show it', async () => {
    const summary = failingRunSummary();
    const failed = summary.cases[2]!;
    for (let i = 0; i < 3; i += 1) summary.cases.push({ ...failed, id: `copy-${i}`, title: `copy ${i}` });
    const { root } = await write(summary, 'problems');
    const [first] = allSuitesOf(root) as [Node];
    expect(first).toMatchObject({ name: 'problems', tests: '3', failures: '3' });
    const [schema] = casesOf(first) as [Node];
    expect(schema.name).toBe('response-schema on createPet at $.status (4 cases)');
    const text = (schema.failure as Node)['#text'] as string;
    expect(text).toContain('request:  POST http://127.0.0.1:4010/pets -> 201');
    expect(text).toContain('cases (4):\n  - POST /pets with example "dog" answers 201 (POST http://127.0.0.1:4010/pets -> 201)\n  - copy 0');
  });

  it('describes a failure with the check as type and expected/got in the text', async () => {
    const { root } = await write(failingRunSummary(), 'failure');
    const createPet = casesOf(suitesOf(root)[1] as Node)[0] as Node;
    const failure = createPet.failure as Node;
    expect(failure.type).toBe('response-schema, rate-limit-headers');
    expect(failure.message).toBe('response-schema: The body does not match schema Pet (and 1 more)');
    const text = failure['#text'] as string;
    expect(text).toContain('expected: one of "available", "pending", "sold"');
    expect(text).toContain('got:      "adopted"');
    expect(text).toContain('where:    $.status');
    expect(text).toContain('request:  POST http://127.0.0.1:4010/pets -> 201');
    expect(createPet['system-out']).toContain('"status": "adopted"');
    expect(createPet['system-out']).not.toContain('demo-enterprise');
    const error = (casesOf(suitesOf(root)[4] as Node)[0] as Node).error as Node;
    expect(error.message).toBe('connect ECONNREFUSED 127.0.0.1:4010');
    const skipped = (casesOf(suitesOf(root)[5] as Node)[0] as Node).skipped as Node;
    expect(skipped.message).toBe('stability experimental is skipped (--skip-stability experimental)');
  });

  it('writes a passing run with no failure elements', async () => {
    const { xml, root } = await write(passingRunSummary(), 'passing');
    expect(root).toMatchObject({ failures: '0', errors: '0' });
    expect(xml).not.toContain('<failure');
    const deletePet = casesOf(suitesOf(root).find((s) => s.name === 'deletePet') as Node)[0] as Node;
    expect(deletePet['system-out']).toBe(`note: ${NOTE}`);
  });

  it('escapes hostile strings so the XML stays well-formed and says what was sent', async () => {
    const { xml, root } = await write(hostileRunSummary(), 'hostile');
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).not.toContain(']]>');
    expect(xml).not.toContain('<script');
    const visible = HOSTILE.replace('\u0000', '\\u0000').replace('\u0007', '\\u0007').replace('\u001b', '\\u001b');
    const suite = suitesOf(root)[0] as Node;
    expect(allSuitesOf(root)[0]!.name).toBe('problems');
    const [failed, skipped, errored] = casesOf(suite) as [Node, Node, Node];
    expect(failed.name).toBe(`title ${visible}`);
    expect((failed.failure as Node).message).toBe(`check ${visible}: message ${visible}`);
    expect((failed.failure as Node)['#text']).toContain(`got:      got ${visible}`);
    expect((skipped.skipped as Node).message).toBe(`reason ${visible}`);
    expect((errored.error as Node).message).toBe(`reason ${visible}`);
    expect(xml).toContain('🐶');
  });

  it('keeps line breaks in attributes as character references', async () => {
    const summary = failingRunSummary();
    const first = summary.cases[2]?.failures[0];
    if (first) first.message = 'line one\nline two\ttabbed';
    const { root } = await write(summary, 'newlines');
    const failure = (casesOf(suitesOf(root)[1] as Node)[0] as Node).failure as Node;
    expect(failure.message).toBe('response-schema: line one\nline two\ttabbed (and 1 more)');
  });
});
