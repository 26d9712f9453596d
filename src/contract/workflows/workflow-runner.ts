import type { EngineContext } from '../case-run.js';
import type { CaseResult } from '../events.js';
import { notRunReason, type RunDeadline } from '../run-deadline.js';
import type { BoundWorkflow, BoundWorkflows } from './bind-workflows.js';
import { runCallStep } from './call-step.js';
import { erroredStep, runStepCase, skippedStep } from './step-case.js';
import { evaluateValue, type WorkflowScope } from './workflow-expression.js';
import { workflowInputs } from './workflow-inputs.js';

/** Step runs one workflow may make, gotos included, before the runner calls it a loop. */
export const MAX_STEP_RUNS = 200;

/** The workflows of a `--workflows` file, bound to the --spec document, with the inputs of the command line. */
export interface PreparedWorkflows {
  bound: BoundWorkflows;
  inputs: Readonly<Record<string, unknown>>;
}

type Outcome = 'passed' | 'failed' | 'skipped';

/**
 * Runs every workflow of the file, each after the workflows it `dependsOn`, each step a case of
 * the run (kind `workflow`, id `workflowId/stepId`). A workflow whose dependency did not pass is
 * skipped; the steps after a failed step are skipped with the reason; past `--max-duration` the
 * steps not started are reported as not run.
 */
export async function runWorkflows(ctx: EngineContext, deadline: RunDeadline, prepared: PreparedWorkflows): Promise<{ cases: CaseResult[]; stoppedEarly?: string }> {
  const runner = new WorkflowRunner(ctx, deadline, prepared);
  for (const bound of dependencyOrder(prepared.bound.workflows)) await runner.runTopLevel(bound);
  return { cases: runner.cases, ...(runner.stoppedEarly ? { stoppedEarly: runner.stoppedEarly } : {}) };
}

/** How many cases the file plans: one per step (gotos and retries may add or reuse some). */
export function plannedStepCount(prepared: PreparedWorkflows): number {
  return prepared.bound.workflows.reduce((n, w) => n + w.steps.length, 0);
}

class WorkflowRunner {
  readonly cases: CaseResult[] = [];
  stoppedEarly: string | undefined;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly done = new Map<string, { inputs: Record<string, unknown>; outputs: Record<string, unknown> }>();
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly ctx: EngineContext,
    private readonly deadline: RunDeadline,
    private readonly prepared: PreparedWorkflows,
  ) {}

  async runTopLevel(bound: BoundWorkflow): Promise<void> {
    const { workflow } = bound;
    const blocked = (workflow.dependsOn ?? []).find((id) => this.outcomes.get(id) !== 'passed');
    if (blocked !== undefined) {
      const why = this.outcomes.has(blocked) ? `it depends on workflow ${blocked}, which ${this.outcomes.get(blocked) === 'failed' ? 'failed' : 'was skipped'}` : `it depends on ${blocked}, which the runner cannot run first (another document, or a dependsOn cycle)`;
      this.skipAll(bound, 0, `not run: ${why}`);
      this.outcomes.set(workflow.workflowId, 'skipped');
      return;
    }
    this.outcomes.set(workflow.workflowId, await this.run(bound, { steps: 0 }));
  }

  /** One workflow, from its first step; `budget` counts the step runs of the chain of gotos it is part of. */
  private async run(bound: BoundWorkflow, budget: { steps: number }, given: Readonly<Record<string, unknown>> = this.prepared.inputs): Promise<Outcome> {
    const reported = new Set<string>();
    const outcome = await this.runSteps(bound, budget, given, reported);
    // A step a goto jumped over is still reported, never silently left out.
    this.skipAll(bound, 0, 'not run: the workflow\'s onSuccess/onFailure gotos passed it by', reported);
    return outcome;
  }

  /** The steps of one run of a workflow; `reported` holds the stepIds that have a case in this run. */
  private async runSteps(bound: BoundWorkflow, budget: { steps: number }, given: Readonly<Record<string, unknown>>, reported: Set<string>): Promise<Outcome> {
    const { workflow } = bound;
    const { document } = this.prepared.bound;
    const made = workflowInputs(workflow, document, given);
    if ('skipped' in made) {
      this.skipAll(bound, 0, `not run: workflow ${workflow.workflowId} cannot start: ${made.skipped}`, reported);
      return 'skipped';
    }
    const steps = new Map<string, Record<string, unknown>>();
    const scope = (): WorkflowScope => ({
      inputs: made.inputs,
      steps,
      workflows: this.done,
      components: (document.components ?? {}) as Record<string, unknown>,
      sourceDescriptions: Object.fromEntries(document.sourceDescriptions.map((s) => [s.name, { url: s.url }])),
    });
    const index = this.prepared.bound.workflows.indexOf(bound);
    let at = 0;
    while (at < bound.steps.length) {
      const current = bound.steps[at]!;
      if (this.deadline.remainingMs() <= 0) {
        this.stoppedEarly ??= notRunReason(this.deadline.maxMs);
        this.skipAll(bound, at, this.stoppedEarly, reported);
        return 'failed';
      }
      const id = this.caseId(workflow.workflowId, current.step.stepId);
      reported.add(current.step.stepId);
      if (current.unsupported) {
        this.cases.push(skippedStep(this.ctx, workflow.workflowId, current, id, current.unsupported));
        this.skipAll(bound, at + 1, `not run: step ${current.step.stepId} before it was skipped (${current.unsupported})`, reported);
        return 'skipped';
      }
      if (++budget.steps > MAX_STEP_RUNS) {
        this.cases.push(erroredStep(this.ctx, workflow.workflowId, current, id, `not run: ${MAX_STEP_RUNS} steps already ran in workflow ${workflow.workflowId}; its onSuccess/onFailure gotos loop`));
        return 'failed';
      }
      const env = { ctx: this.ctx, document, workflow, pointer: `#/workflows/${index}/steps/${at}` };
      const outcome = current.calls !== undefined ? await runCallStep(env, current, id, scope(), (inputs) => this.call(current.calls!, inputs, budget)) : await runStepCase(env, current, id, scope());
      this.cases.push(outcome.result);
      steps.set(current.step.stepId, outcome.outputs);
      const { next } = outcome;
      if (next.to === 'fail') {
        const late = this.deadline.remainingMs() <= 0 ? (this.stoppedEarly ??= notRunReason(this.deadline.maxMs)) : undefined;
        this.skipAll(bound, at + 1, late ?? `not run: step ${current.step.stepId} before it did not succeed`, reported);
        return 'failed';
      }
      if (next.to === 'end') {
        this.skipAll(bound, at + 1, `not run: step ${current.step.stepId} ended the workflow (onSuccess end)`, reported);
        break;
      }
      if (next.to === 'workflow') {
        this.skipAll(bound, at + 1, `not run: step ${current.step.stepId} went to workflow ${next.workflowId}`, reported);
        const target = this.prepared.bound.workflows.find((w) => w.workflow.workflowId === next.workflowId)!;
        const transferred = await this.run(target, budget);
        this.finishOutputs(bound, scope());
        return transferred;
      }
      at = next.to === 'step' ? bound.steps.findIndex((s) => s.step.stepId === next.stepId) : at + 1;
    }
    this.finishOutputs(bound, scope());
    return 'passed';
  }

  /** Runs a workflow a step calls, with the step's parameters as its inputs (over the command line's). */
  private async call(workflowId: string, inputs: Record<string, unknown>, budget: { steps: number }): Promise<{ outcome: Outcome; outputs: Record<string, unknown> }> {
    const target = this.prepared.bound.workflows.find((w) => w.workflow.workflowId === workflowId)!;
    const outcome = await this.run(target, budget, { ...this.prepared.inputs, ...inputs });
    return { outcome, outputs: outcome === 'passed' ? { ...this.done.get(workflowId)?.outputs } : {} };
  }

  /** The workflow's outputs, for `$workflows.ID.outputs.NAME` in the workflows that depend on it. */
  private finishOutputs(bound: BoundWorkflow, scope: WorkflowScope): void {
    const outputs: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(bound.workflow.outputs ?? {})) {
      const value = evaluateValue(raw, scope);
      if (!('missing' in value)) Object.defineProperty(outputs, name, { value: value.value, enumerable: true, writable: true, configurable: true });
    }
    this.done.set(bound.workflow.workflowId, { inputs: { ...scope.inputs }, outputs });
  }

  /** Reports the steps from `from` on as skipped, each once a run (a step a goto already ran is not repeated). */
  private skipAll(bound: BoundWorkflow, from: number, reason: string, reported = new Set<string>()): void {
    for (const rest of bound.steps.slice(from)) {
      if (reported.has(rest.step.stepId)) continue;
      reported.add(rest.step.stepId);
      this.cases.push(skippedStep(this.ctx, bound.workflow.workflowId, rest, this.caseId(bound.workflow.workflowId, rest.step.stepId), reason));
    }
  }

  /** `workflowId/stepId`, then `workflowId/stepId#2`... when a goto runs a step again. */
  private caseId(workflowId: string, stepId: string): string {
    const base = `${workflowId}/${stepId}`;
    const seen = (this.ids.get(base) ?? 0) + 1;
    this.ids.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  }
}

/** Workflows in file order, each moved after the ones it depends on; a cycle leaves its members to be skipped. */
export function dependencyOrder(workflows: readonly BoundWorkflow[]): BoundWorkflow[] {
  const byId = new Map(workflows.map((w) => [w.workflow.workflowId, w]));
  const ordered: BoundWorkflow[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (w: BoundWorkflow): void => {
    const id = w.workflow.workflowId;
    if (state.get(id) === 'done' || state.get(id) === 'visiting') return;
    state.set(id, 'visiting');
    for (const dependency of w.workflow.dependsOn ?? []) {
      const target = byId.get(dependency);
      if (target && state.get(dependency) !== 'visiting') visit(target);
    }
    state.set(id, 'done');
    ordered.push(w);
  };
  for (const w of workflows) visit(w);
  return ordered;
}
