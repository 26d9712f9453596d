import fc from 'fast-check';
import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import type { CaseRun } from '../case-run.js';
import { documents } from '../documented-response.js';
import type { RequestTemplate } from '../request-template.js';
import { resourceFor } from '../resources.js';
import { requestSchema } from '../sample-value.js';
import { boundaryValues, textCanBeWrongType } from './boundary-values.js';
import { guard, runGenerated } from './generated-run.js';
import { arbitraryFor, violationsOf, type Violation } from './schema-arbitrary.js';

interface Input {
  body: unknown;
  query: Record<string, unknown>;
}

/** Statuses an input that breaks one constraint may get: the documented 400 and 422. */
export function refusedStatuses(operation: Operation): string[] {
  return ['400', '422'].filter((s) => documents(operation, s));
}

/**
 * The fuzz phase for one operation. `valid`: schema-valid bodies and queries never get a 5xx or an
 * undocumented status and get schema-valid answers (the response checks). `broken`: inputs that
 * break exactly one constraint get a documented 4xx and change no state (read back before and after).
 */
export async function runFuzzCase(run: CaseRun, setUp: () => Promise<void>, mode: 'valid' | 'broken'): Promise<void> {
  await setUp();
  guard(run);
  const { ctx, planned } = run;
  const operation = ctx.plan.index.byId(planned.operationId)!;
  const fixed: Record<string, unknown> = {};
  for (const [field, fixture] of Object.entries(planned.request.body?.refs ?? {})) fixed[field] = run.ids.get(fixture);
  const valid = validInput(operation, fixed);
  const send = (input: Input, statuses?: readonly string[]) => {
    const template: RequestTemplate = { ...planned.request, query: input.query };
    if (input.body !== undefined) template.body = { value: input.body, refs: {} };
    return run.send(template, statuses ? { statuses } : {});
  };
  if (mode === 'valid') {
    await runGenerated(run, valid, async (input) => {
      // A 5xx is not_a_server_error, which every answer of the run is checked by (checks/not-a-server-error.ts).
      await send(input);
    }, ctx.options.maxExamples);
    return;
  }
  const violations = inputViolations(operation, fixed);
  if (violations.length === 0) return;
  const refused = refusedStatuses(operation);
  const broken = fc.tuple(valid, fc.integer({ min: 0, max: violations.length - 1 })).map(([input, i]) => ({ input: violations[i]!.apply(input), label: violations[i]!.label }));
  await runGenerated(run, broken, async ({ input }) => {
    const before = await snapshot(run, operation);
    await send(input, refused);
    guard(run);
    const after = await snapshot(run, operation);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      run.failures.push({ check: 'state-unchanged', message: 'a refused input changed what the server holds', expected: JSON.stringify(before), actual: JSON.stringify(after) });
    }
  }, ctx.options.maxExamples);
}

function validInput(operation: Operation, fixed: Record<string, unknown>): fc.Arbitrary<Input> {
  const schema = requestSchema(operation);
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  const required: string[] = [];
  for (const p of operation.parameters.filter((p) => p.in === 'query')) {
    query[p.name] = arbitraryFor((p.schema ?? {}) as Schema);
    if (p.required) required.push(p.name);
  }
  return fc.record({
    body: schema ? arbitraryFor(schema, fixed) : fc.constant(undefined),
    query: fc.record(query, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>,
  });
}

/** Every way to break one constraint of the body or of one query parameter. */
function inputViolations(operation: Operation, fixed: Record<string, unknown>): { label: string; apply(input: Input): Input }[] {
  const schema = requestSchema(operation);
  const body: Violation[] = schema && (schema.type === 'object' || schema.properties) ? violationsOf(schema, fixed) : [];
  const out: { label: string; apply(input: Input): Input }[] = body.map((v) => ({ label: `body.${v.label}`, apply: (input: Input) => ({ ...input, body: v.apply((input.body ?? {}) as Record<string, unknown>) }) }));
  for (const p of operation.parameters.filter((p) => p.in === 'query')) {
    const schema = (p.schema ?? {}) as Schema;
    for (const v of boundaryValues(schema, { accepted: false, wrongType: textCanBeWrongType(schema) })) {
      if (Array.isArray(v.value) && v.value.length === 0) continue;
      out.push({ label: `query.${p.name}-${v.label}`, apply: (input: Input) => ({ ...input, query: { ...input.query, [p.name]: v.value } }) });
    }
  }
  return out;
}

/** What a refused write could have changed: the record at its path, else the size of the collection it creates in. */
async function snapshot(run: CaseRun, operation: Operation): Promise<unknown> {
  if (operation.method === 'get') return undefined;
  const base = run.ctx.options.baseUrl;
  const idParam = operation.parameters.filter((p) => p.in === 'path').at(-1);
  const resource = idParam ? resourceFor(run.ctx.plan.resources, idParam.name) : [...run.ctx.plan.resources.values()].find((r) => r.create === operation);
  if (!resource) return undefined;
  if (idParam) {
    const id = run.ids.get(resource.name);
    const exchange = await run.get(run.itemUrl(resource, id));
    return exchange?.response.body;
  }
  const exchange = await run.get(`${base}${resource.collectionPath}`);
  return exchange?.response.headers['x-total-count'] ?? (Array.isArray(exchange?.response.body) ? exchange.response.body.length : undefined);
}
