import type { ArazzoDefinition, Step } from '@redocly/openapi-core';
import type { CaseStatus, Failure } from '../events.js';
import type { BoundStep } from './bind-workflows.js';
import { attempts, describeError, finish, plannedStep, type Next, type StepEnv, type StepOutcome, type StepRecord } from './step-case.js';
import { resolveParameter, StepRequestError } from './step-request.js';
import { evaluateValue, type WorkflowScope } from './workflow-expression.js';

/** What running the called workflow gave: whether it passed, and its outputs. */
export type Call = (inputs: Record<string, unknown>) => Promise<{ outcome: 'passed' | 'failed' | 'skipped'; outputs: Record<string, unknown> }>;

/** The called workflow was skipped (its inputs, or a step it cannot run): so is the step. */
class CalledWorkflowSkipped extends Error {}

/**
 * A step that runs another workflow of the file (`workflowId`): its parameters are that workflow's
 * inputs, its steps are cases of their own, and this step's case passes when its criteria hold
 * with `$outputs` the called workflow's outputs (without criteria: when that workflow passed).
 * The step's outputs are the called workflow's, with the step's own `outputs` over them.
 */
export async function runCallStep(env: StepEnv, bound: BoundStep, id: string, scope: WorkflowScope, call: Call): Promise<StepOutcome> {
  const { ctx, workflow } = env;
  const { step } = bound;
  const started = ctx.clock.now();
  const planned = { ...plannedStep(workflow.workflowId, bound, id), operationId: `workflow ${bound.calls}` };
  ctx.emit({ type: 'case-started', id, operationId: planned.operationId, title: planned.title });
  const record: StepRecord = { notes: [], waitedMs: 0 };
  let failures: Failure[] = [];
  let outputs: Record<string, unknown> = {};
  let reason: string | undefined;
  let skipped: string | undefined;
  let next: Next = { to: 'fail' };
  try {
    const inputs = stepInputs(step, env.document, scope);
    let called: Record<string, unknown> = {};
    ({ next, failures, outputs } = await attempts(env, bound, id, scope, record, async () => {
      const result = await call(inputs);
      if (result.outcome === 'skipped') throw new CalledWorkflowSkipped(`not run: workflow ${bound.calls}, which step ${step.stepId} runs, was skipped (its steps say why)`);
      called = result.outputs;
      const otherwise: Failure | undefined = result.outcome === 'passed'
        ? undefined
        : { check: 'success-criteria', message: `step ${step.stepId}: workflow ${bound.calls} it runs did not pass (its steps say why)`, expected: 'passed', actual: 'not passed', location: env.pointer };
      return { here: { ...scope, outputs: result.outputs }, otherwise };
    }));
    outputs = { ...called, ...outputs };
  } catch (err) {
    if (err instanceof CalledWorkflowSkipped) skipped = err.message;
    else reason = err instanceof StepRequestError ? `step ${step.stepId} cannot start workflow ${bound.calls}: ${err.message}` : describeError(err);
  }
  const status: CaseStatus = skipped ? 'skipped' : failures.length > 0 ? 'failed' : reason ? 'error' : 'passed';
  const result = finish(ctx, planned, {
    status,
    failures,
    exchanges: [],
    waitedMs: record.waitedMs,
    durationMs: ctx.clock.now() - started,
    ...(reason || skipped ? { reason: reason ?? skipped } : {}),
    ...(record.notes.length > 0 ? { notes: record.notes } : {}),
  });
  ctx.emit({ type: 'case-finished', result });
  return { result, next: reason || skipped ? { to: 'fail' } : next, outputs };
}

/** The step's parameters as the called workflow's inputs (their `in` does not apply). */
function stepInputs(step: Step, document: ArazzoDefinition, scope: WorkflowScope): Record<string, unknown> {
  const inputs: Record<string, unknown> = {};
  for (const raw of step.parameters ?? []) {
    const parameter = resolveParameter(raw, document, step.stepId);
    const value = evaluateValue(parameter.value, scope);
    if ('missing' in value) throw new StepRequestError(`input ${parameter.name}: ${value.missing}`);
    Object.defineProperty(inputs, parameter.name, { value: value.value, enumerable: true, writable: true, configurable: true });
  }
  return inputs;
}
