import type { Clock } from '../core/clock.js';
import type { EngineContext } from './case-run.js';
import { notRun, runCase } from './case-runner.js';
import type { Redactor } from './credentials.js';
import { notRunReason, type RunDeadline } from './run-deadline.js';
import { ContractRunError } from './contract-error.js';
import { coverageRows } from './coverage.js';
import { runCredentials } from './credential-placement.js';
import type { CaseResult, RunEvent, RunSummary } from './events.js';
import type { ContractOptions } from './options.js';
import { OwnRecords } from './own-records.js';
import { RequestPrecheck } from './request-precheck.js';
import type { Plan } from './plan.js';
import { TransportError, type Transport } from './transport.js';
import { createPacer } from './pacer.js';
import { createCredentialWatch } from './credential-refusal.js';
import { CHECK_NAMES } from './checks/registry.js';
import { withSelectedChecks } from './checks/selection.js';
import { budgetSpentReason, createGenerationBudget, GENERATING_KINDS } from './phases/generation-budget.js';

export interface EngineDeps {
  transport: Transport;
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
  emit: (event: RunEvent) => void;
  /** Masks every credential in a case result before anyone sees it. */
  redactor: Redactor;
  deadline: RunDeadline;
  /** Cases run before the plan's own, such as a user's Arazzo workflows (`--workflows`, workflows/). */
  before?: CaseSource;
  /**
   * false: the summary's `cases` stays empty, each result goes only to the `case-finished` event
   * (the CLI's reporters keep what they need), so the run's memory does not grow with its cases.
   */
  keepCases?: boolean;
}

/** Cases that are not the plan's: how many it plans, and how to run them with the run's context. */
export interface CaseSource {
  planned: number;
  run(ctx: EngineContext, deadline: RunDeadline): Promise<{ cases: CaseResult[]; stoppedEarly?: string }>;
}

/**
 * Executes a plan case by case, in order (the rate-limit case is last), emitting events as it
 * goes. Cases run one at a time: the countdown of the rate-limit case and the polite client's
 * waits both assume the runner is the only thing spending its key.
 */
export async function executePlan(plan: Plan, options: ContractOptions, deps: EngineDeps): Promise<RunSummary> {
  await probe(deps.transport, options.baseUrl);
  const started = deps.clock.now();
  const startedAt = new Date(started).toISOString();
  deps.emit({ type: 'run-started', baseUrl: options.baseUrl, specFile: plan.file, startedAt, plannedCases: plan.cases.length + (deps.before?.planned ?? 0) });
  const ctx: EngineContext = {
    plan,
    options,
    keys: runCredentials(options),
    transport: deps.transport,
    clock: deps.clock,
    sleep: deps.sleep,
    budget: { maxMs: options.maxWaitMs, spentMs: 0 },
    pacer: createPacer(options.rateLimit),
    credentialWatch: createCredentialWatch(),
    emit: deps.emit,
    exercised: new Map(),
    // Every case result passes here before any report sees it: the one place --checks and --exclude-checks drop failures.
    redactor: selecting(deps.redactor, options.checks),
    generation: createGenerationBudget(deps.clock, options.timeBudgetMs),
    ownRecords: new OwnRecords(),
    leftBehind: [],
    precheck: new RequestPrecheck(options.baseUrl),
  };
  const before = deps.before ? await deps.before.run(ctx, deps.deadline) : { cases: [] };
  stopIfRefused(ctx);
  const cases: CaseResult[] = [];
  const totals = { cases: 0, passed: 0, failed: 0, skipped: 0, errors: 0 };
  const keep = (result: CaseResult) => {
    totals.cases += 1;
    totals[result.status === 'error' ? 'errors' : result.status] += 1;
    if (deps.keepCases !== false) cases.push(result);
  };
  before.cases.forEach(keep);
  let stoppedEarly: string | undefined = before.stoppedEarly;
  for (const planned of plan.cases) {
    // A case planned as skipped keeps its own reason: it would not have run either way.
    if (deps.deadline.remainingMs() <= 0 && !planned.skipReason) {
      stoppedEarly ??= notRunReason(deps.deadline.maxMs);
      keep(notRun(ctx, planned, stoppedEarly));
      continue;
    }
    if (GENERATING_KINDS.includes(planned.kind) && ctx.generation!.remainingMs() === 0 && !planned.skipReason) {
      ctx.generation!.spent ??= budgetSpentReason(options.timeBudgetMs!);
      keep(notRun(ctx, planned, `not run: ${ctx.generation!.spent}`));
      continue;
    }
    keep(await runCase(ctx, planned));
    stopIfRefused(ctx);
  }
  const summary: RunSummary = {
    baseUrl: options.baseUrl,
    specFile: plan.file,
    startedAt,
    durationMs: deps.clock.now() - started,
    totals,
    cases,
    coverage: coverageRows(plan.index.operations, plan.selected, ctx.exercised),
    waitedMs: ctx.budget.spentMs,
    pacedMs: ctx.pacer!.pacedMs,
    ...(stoppedEarly ? { stoppedEarly } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    phases: options.phases,
    ...(ctx.generation!.spent ? { budgetSpent: ctx.generation!.spent } : {}),
    ...(ctx.leftBehind.length > 0 ? { leftBehind: ctx.leftBehind } : {}),
  };
  deps.emit({ type: 'run-finished', summary });
  return summary;
}

const KNOWN_CHECKS = new Set(CHECK_NAMES);

function selecting(redactor: Redactor, checks: ReadonlySet<string>): Redactor {
  if (checks.size === KNOWN_CHECKS.size) return redactor;
  return { ...redactor, result: (result) => withSelectedChecks(redactor.result(result), checks, KNOWN_CHECKS) };
}

/** A credential every first answer refused: the run could not be made (exit 2), not 300 failed cases. */
function stopIfRefused(ctx: EngineContext): void {
  if (ctx.credentialWatch?.refused) throw new ContractRunError(ctx.credentialWatch.refused);
}

/** One request before anything else, so an unreachable target is a run that could not be made (exit 2), not 100 errors. */
async function probe(transport: Transport, baseUrl: string): Promise<void> {
  try {
    await transport.send({ method: 'HEAD', url: `${baseUrl}/`, headers: {} });
  } catch (err) {
    if (err instanceof TransportError) throw new ContractRunError(`cannot reach ${baseUrl} (${err.code === 'TIMEOUT' ? 'no answer in time' : err.code === 'BAD_PORT' ? err.message : err.code})`);
    throw err;
  }
}

/** Whether a run conforms: every case passed or was skipped, and the run was not cut short. */
export function conforms(summary: RunSummary): boolean {
  return summary.totals.failed === 0 && summary.totals.errors === 0 && summary.stoppedEarly === undefined;
}
