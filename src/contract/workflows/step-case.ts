import type { ArazzoDefinition, OnFailureObject, OnSuccessObject, Workflow } from '@redocly/openapi-core';
import { CaseRun, type EngineContext } from '../case-run.js';
import { NOT_SENT, NotSentError } from '../own-records.js';
import { compact } from '../case-runner.js';
import type { CaseResult, CaseStatus, Failure } from '../events.js';
import type { PlannedCase } from '../planner.js';
import { WaitBudgetExceeded } from '../polite-client.js';
import { TransportError } from '../transport.js';
import { resolveAction, type BoundStep } from './bind-workflows.js';
import { checkCriterion, describeCriterion } from './criteria.js';
import { stepRequest, StepRequestError } from './step-request.js';
import { evaluateValue, type WorkflowScope } from './workflow-expression.js';

/** Where the workflow goes after a step: Arazzo's actions, or its defaults (next step; end on failure). */
export type Next = { to: 'next' } | { to: 'end' } | { to: 'fail' } | { to: 'step'; stepId: string } | { to: 'workflow'; workflowId: string };

export interface StepOutcome {
  result: CaseResult;
  next: Next;
  /** The step's outputs (empty unless it succeeded). */
  outputs: Record<string, unknown>;
}

export interface StepEnv {
  ctx: EngineContext;
  document: ArazzoDefinition;
  workflow: Workflow;
  /** Where the step is in the file, for failure locations (`#/workflows/0/steps/2`). */
  pointer: string;
}

type Action = OnSuccessObject | OnFailureObject;

/**
 * Runs one step as a case of the run: builds its request, sends it through the run's polite
 * client (every answer gets the runner's response checks), evaluates its successCriteria, takes
 * its onSuccess/onFailure action (retries wait through the run's injected sleep), and evaluates
 * its outputs. A criterion not met is a `success-criteria` failure naming it, unless an onFailure
 * `goto` handles it (then it is noted).
 */
export async function runStepCase(env: StepEnv, bound: BoundStep, id: string, scope: WorkflowScope): Promise<StepOutcome> {
  const { ctx, workflow } = env;
  const { step, operation } = bound;
  const started = ctx.clock.now();
  const planned = plannedStep(workflow.workflowId, bound, id);
  ctx.emit({ type: 'case-started', id, operationId: planned.operationId, title: planned.title });
  const run = new CaseRun(ctx, planned);
  let criteriaFailures: Failure[] = [];
  let outputs: Record<string, unknown> = {};
  let reason: string | undefined;
  let next: Next = { to: 'fail' };
  try {
    ({ next, failures: criteriaFailures, outputs } = await attempts(env, bound, id, scope, run, async () => {
      const template = stepRequest(step, workflow, operation!, env.document, ctx.plan.securitySchemes, scope);
      const sent = await run.send(template);
      const pathParams = Object.fromEntries(Object.entries(template.pathParams).map(([name, source]) => [name, String('value' in source ? source.value : '')]));
      const status = sent.exchange.response.status;
      const otherwise: Failure | undefined =
        status >= 200 && status < 300 ? undefined : { check: 'success-criteria', message: `step ${step.stepId} has no successCriteria and answered ${status}; without criteria a step must answer 2xx`, expected: '2xx', actual: String(status), location: env.pointer };
      return { here: { ...scope, exchange: { exchange: sent.exchange, url: sent.url, pathParams } }, otherwise };
    }));
  } catch (err) {
    reason = err instanceof StepRequestError ? `step ${step.stepId} cannot make its request: ${err.message}` : describeError(err);
    next = { to: 'fail' };
  }
  const failures = [...run.failures, ...criteriaFailures];
  const status: CaseStatus = failures.length > 0 ? 'failed' : reason === NOT_SENT ? 'skipped' : reason ? 'error' : 'passed';
  // A step whose answer breaks the contract still lets the workflow go on where its criteria say so.
  const result = finish(ctx, planned, {
    status,
    failures,
    exchanges: run.exchanges.map(compact),
    waitedMs: run.waitedMs,
    durationMs: ctx.clock.now() - started,
    ...(reason ? { reason } : {}),
    ...(run.notes.length > 0 ? { notes: run.notes } : {}),
  });
  ctx.emit({ type: 'case-finished', result });
  return { result, next: reason ? { to: 'fail' } : next, outputs };
}

/** What a step's case keeps while it runs: its notes and time spent waiting. */
export interface StepRecord {
  notes: string[];
  waitedMs: number;
}

/** Retries of one step at most, whatever its retryLimit: `retryAfter: 0, retryLimit: 1e6` sent 16,881 requests in 10 s (issue 22). */
export const MAX_RETRIES = 10;

/**
 * Makes a step's attempt (a request, or a workflow it runs) until its criteria hold or its actions
 * say to stop: an onFailure `retry` waits `retryAfter` through the run's sleep, up to `retryLimit`
 * times (MAX_RETRIES at most). Returns where the workflow goes, the criteria failures that stand, and the step's outputs.
 */
export async function attempts(
  env: StepEnv,
  bound: BoundStep,
  id: string,
  scope: WorkflowScope,
  record: StepRecord,
  attempt: () => Promise<{ here: WorkflowScope; otherwise: Failure | undefined }>,
): Promise<{ next: Next; failures: Failure[]; outputs: Record<string, unknown> }> {
  const { ctx, workflow } = env;
  const { step } = bound;
  for (let retries = 0; ; retries++) {
    const { here, otherwise } = await attempt();
    const unmet = unmetCriteria(env, bound, here, otherwise);
    const action = chooseAction(unmet.length === 0 ? [...(step.onSuccess ?? []), ...(workflow.successActions ?? [])] : [...(step.onFailure ?? []), ...(workflow.failureActions ?? [])], env.document, here);
    if (unmet.length > 0 && action?.type === 'retry') {
      const asked = (action as OnFailureObject).retryLimit ?? 1;
      const limit = Math.min(asked, MAX_RETRIES);
      if (retries === 0 && asked > MAX_RETRIES) record.notes.push(`onFailure ${action.name}: retryLimit ${asked} is capped at ${MAX_RETRIES}`);
      if (retries < limit) {
        const ms = Math.round(((action as OnFailureObject).retryAfter ?? 0) * 1000);
        record.notes.push(`attempt ${retries + 1}: ${unmet.map((f) => f.message).join('; ')}; onFailure ${action.name} retries after ${ms / 1000} s (retry ${retries + 1} of ${limit})`);
        if (ms > 0) {
          ctx.emit({ type: 'waiting', caseId: id, ms, reason: `step ${step.stepId}: onFailure ${action.name} retries after ${ms / 1000} s` });
          record.waitedMs += ms;
          await ctx.sleep(ms);
        }
        continue;
      }
      record.notes.push(`onFailure ${action.name}: gave up after ${limit} ${limit === 1 ? 'retry' : 'retries'}`);
    }
    const next = nextOf(unmet.length === 0, action);
    const outputs: Record<string, unknown> = {};
    if (unmet.length === 0) return { next, failures: evaluateOutputs(env, bound, here, outputs), outputs };
    if (next.to === 'fail' || next.to === 'end') return { next, failures: unmet, outputs };
    record.notes.push(`${unmet.map((f) => f.message).join('; ')}; handled by onFailure ${action!.name} (goto ${next.to === 'step' ? `step ${next.stepId}` : `workflow ${(next as { workflowId: string }).workflowId}`})`);
    return { next, failures: [], outputs };
  }
}

/** Why a step could not go on: the transport's or wait budget's message, else the runner's own failure (never a crash of the run). */
export function describeError(err: unknown): string {
  if (err instanceof TransportError || err instanceof WaitBudgetExceeded || err instanceof NotSentError) return err.message;
  return `the runner failed: ${err instanceof Error ? err.message : String(err)}`;
}

/** A step that does not run, reported skipped with its reason (no request is made). */
export function skippedStep(ctx: EngineContext, workflowId: string, bound: BoundStep, id: string, reason: string): CaseResult {
  const planned = plannedStep(workflowId, bound, id);
  ctx.emit({ type: 'case-started', id, operationId: planned.operationId, title: planned.title });
  const result = finish(ctx, planned, { status: 'skipped', failures: [], exchanges: [], waitedMs: 0, durationMs: 0, reason });
  ctx.emit({ type: 'case-finished', result });
  return result;
}

/** A step that could not be started (a goto loop past the bound): an error of the run. */
export function erroredStep(ctx: EngineContext, workflowId: string, bound: BoundStep, id: string, reason: string): CaseResult {
  const planned = plannedStep(workflowId, bound, id);
  ctx.emit({ type: 'case-started', id, operationId: planned.operationId, title: planned.title });
  const result = finish(ctx, planned, { status: 'error', failures: [], exchanges: [], waitedMs: 0, durationMs: 0, reason });
  ctx.emit({ type: 'case-finished', result });
  return result;
}

export function plannedStep(workflowId: string, bound: BoundStep, id: string): PlannedCase {
  const { step, operation } = bound;
  const operationId = operation?.operationId ?? step.operationId ?? step.operationPath ?? step.workflowId ?? step.stepId;
  const method = operation ? operation.method.toUpperCase() : '';
  const path = operation?.path ?? '';
  const what = step.description ? `: ${step.description.split('\n')[0]!.trim()}` : '';
  return {
    id,
    operationId,
    method,
    path,
    title: `${workflowId}/${step.stepId}${operation ? ` (${method} ${path})` : ''}${what}`,
    kind: 'workflow',
    fixtures: [],
    prepare: [],
    request: { operationId, pathParams: {}, query: {}, credentials: 'api-key' },
    expect: [],
  };
}

/** The case result as reports see it: credentials masked by the run's redactor. */
export function finish(ctx: EngineContext, planned: PlannedCase, outcome: Pick<CaseResult, 'status' | 'failures' | 'exchanges' | 'waitedMs' | 'durationMs' | 'reason' | 'notes'>): CaseResult {
  const { id, operationId, method, path, title, kind } = planned;
  return ctx.redactor.result({ id, operationId, method, path, title, kind, ...outcome });
}

/**
 * The successCriteria not met. Without criteria, `otherwise` decides: a step that calls an
 * operation must answer 2xx, one that runs a workflow must see it pass.
 */
export function unmetCriteria(env: StepEnv, bound: BoundStep, scope: WorkflowScope, otherwise: Failure | undefined): Failure[] {
  const { step } = bound;
  const criteria = step.successCriteria ?? [];
  if (criteria.length === 0) return otherwise ? [otherwise] : [];
  return criteria.flatMap((criterion, i) => {
    const outcome = checkCriterion(criterion, scope);
    if (outcome.met) return [];
    return [{ check: 'success-criteria', message: `step ${step.stepId}: successCriteria ${describeCriterion(criterion)} not met (${outcome.why})`, expected: describeCriterion(criterion), actual: outcome.why, location: `${env.pointer}/successCriteria/${i}` }];
  });
}

/** The first action whose criteria are all met (the step's own before the workflow's). */
export function chooseAction(actions: readonly (Action | { reference: string })[], document: ArazzoDefinition, scope: WorkflowScope): Action | undefined {
  for (const raw of actions) {
    const action = resolveAction<Action>(raw as Action, document);
    if (action && (action.criteria ?? []).every((c) => checkCriterion(c, scope).met)) return action;
  }
  return undefined;
}

export function nextOf(succeeded: boolean, action: Action | undefined): Next {
  if (!action || action.type === 'retry') return succeeded ? { to: 'next' } : { to: 'fail' };
  if (action.type === 'end') return succeeded ? { to: 'end' } : { to: 'fail' };
  if (action.stepId !== undefined) return { to: 'step', stepId: action.stepId };
  return { to: 'workflow', workflowId: action.workflowId! };
}

/** The step's outputs; one that names nothing in the answer is a failure (later steps would need it). */
export function evaluateOutputs(env: StepEnv, bound: BoundStep, scope: WorkflowScope, into: Record<string, unknown>): Failure[] {
  const failures: Failure[] = [];
  for (const [name, raw] of Object.entries(bound.step.outputs ?? {})) {
    const value = evaluateValue(raw, scope);
    if ('missing' in value) {
      failures.push({ check: 'workflow-output', message: `step ${bound.step.stepId}: output ${name} (${String(raw)}): ${value.missing}`, expected: String(raw), actual: 'absent', location: `${env.pointer}/outputs/${name}` });
    } else {
      Object.defineProperty(into, name, { value: value.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return failures;
}
