import { stateCreated } from './checks/state-created.js';
import { useAfterFree } from './checks/use-after-free.js';
import { stateUpdated } from './checks/state-updated.js';
import { CaseRun, SetupError, SetupNotAddressable, type EngineContext } from './case-run.js';
import { successStatuses } from './documented-response.js';
import type { CaseResult, CaseStatus, Exchange } from './events.js';
import type { PlannedCase } from './planner.js';
import { NotSentError } from './own-records.js';
import { UnsendableRequestError } from './request-precheck.js';
import { WaitBudgetExceeded } from './polite-client.js';
import { runRateLimitCase } from './rate-limit-case.js';
import { readBack } from './read-back.js';
import { linkKey, readLinks } from './request-builder.js';
import type { RequestTemplate } from './request-template.js';
import { TransportError } from './transport.js';
import { deepRunner } from './phases/deep-runner.js';
import { auditList } from './phases/list-audit.js';

/** Runs one planned case: fixtures, prerequisites, the request, what to verify, then cleanup. */
export async function runCase(ctx: EngineContext, planned: PlannedCase): Promise<CaseResult> {
  const started = ctx.clock.now();
  ctx.emit({ type: 'case-started', id: planned.id, operationId: planned.operationId, title: planned.title });
  const run = new CaseRun(ctx, planned);
  let status: CaseStatus | undefined;
  let reason = planned.skipReason;
  if (reason) {
    status = 'skipped';
  } else {
    try {
      const deep = deepRunner(planned.kind);
      const outcome = planned.kind === 'rate-limit' ? await runRateLimitCase(run) : deep ? await deep(run, () => setUp(run)) : await runSteps(run);
      if (outcome?.skipped) {
        status = 'skipped';
        reason = outcome.skipped;
      }
    } catch (err) {
      reason = describeError(err);
      // A set-up the runner cannot address is its own limit (skipped), unless the set-up's answer already broke a check: then the target is at fault.
      if (err instanceof NotSentError || err instanceof UnsendableRequestError || (err instanceof SetupNotAddressable && run.failures.length === 0)) status = 'skipped';
    } finally {
      try {
        await run.cleanUp();
      } catch (err) {
        reason ??= `cleanup: ${describeError(err)}`;
      }
    }
  }
  status ??= run.failures.length > 0 ? 'failed' : reason ? 'error' : 'passed';
  const result = finish(ctx, planned, {
    status,
    failures: run.failures,
    exchanges: run.exchanges.map(compact),
    waitedMs: run.waitedMs,
    durationMs: ctx.clock.now() - started,
    ...(reason ? { reason } : {}),
    ...(run.notes.length > 0 ? { notes: run.notes } : {}),
    ...(run.repro ? { repro: run.repro } : {}),
  });
  ctx.emit({ type: 'case-finished', result });
  return result;
}

/** A case the run's deadline kept from starting: reported as skipped, with the reason. */
export function notRun(ctx: EngineContext, planned: PlannedCase, reason: string): CaseResult {
  ctx.emit({ type: 'case-started', id: planned.id, operationId: planned.operationId, title: planned.title });
  const result = finish(ctx, planned, { status: 'skipped', failures: [], exchanges: [], waitedMs: 0, durationMs: 0, reason });
  ctx.emit({ type: 'case-finished', result });
  return result;
}

type Outcome = Pick<CaseResult, 'status' | 'failures' | 'exchanges' | 'waitedMs' | 'durationMs' | 'reason' | 'notes' | 'repro'>;

/** The case result as reports see it: the one place credentials are masked out of it. */
function finish(ctx: EngineContext, planned: PlannedCase, outcome: Outcome): CaseResult {
  const { id, operationId, method, path, title, kind } = planned;
  return ctx.redactor.result({ id, operationId, method, path, title, kind, ...outcome });
}

/** A body cut for the record keeps only its text: the parsed whole would hold the memory the cut saves. */
export function compact(exchange: Exchange): Exchange {
  if (exchange.response.fullLength === undefined) return exchange;
  return { ...exchange, response: { ...exchange.response, body: undefined } };
}

/** The case's fixtures and prerequisites, before its request (or before a deep phase generates). */
async function setUp(run: CaseRun): Promise<void> {
  for (const name of run.planned.fixtures) await createFixture(run, name);
  for (const template of run.planned.prepare) await prepare(run, template);
}

async function runSteps(run: CaseRun): Promise<undefined> {
  const { planned, ctx } = run;
  await setUp(run);
  const operation = ctx.plan.index.byId(planned.operationId)!;
  const sent = await run.send(planned.request, {
    statuses: planned.expect,
    ...(planned.expectCode ? { code: planned.expectCode } : {}),
    ...(planned.check ? { check: planned.check } : {}),
    readBackLocation: planned.verify === 'location' || planned.verify === 'created',
  });
  const status = sent.exchange.response.status;
  if (status < 200 || status >= 300) return undefined;
  if (planned.verify === 'list') return void (await auditList(run, sent));
  const get = (url: string) => run.get(url);
  if (planned.verify === 'created') {
    let found = sent.readBack;
    const made = [...ctx.plan.resources.values()].find((r) => r.create === operation);
    const record = made ? run.lastCreated(made) : undefined;
    const itemUrl = record ? run.itemUrl(record.resource, record.id) : undefined;
    if (!found && record) found = await readBack(get, run.readerUrl(itemUrl!), { param: record.resource.idParam, value: String(record.id) }, run.readerOf(itemUrl!));
    const checked = run.failures.length;
    if (found) run.failures.push(...stateCreated(sent.exchange, found, operation));
    run.failedAt(sent.exchange, checked);
  } else if (planned.verify === 'updated' || planned.verify === 'updated-as-sent' || planned.verify === 'deleted') {
    const url = sent.url.split('?')[0]!;
    const found = await readBack(get, run.readerUrl(url), run.idParamOf(url), run.readerOf(url));
    const check = planned.verify === 'deleted' ? useAfterFree : stateUpdated;
    const checked = run.failures.length;
    run.failures.push(...check(sent.exchange, found, operation, planned.verify === 'updated-as-sent' ? 'sent' : 'answer'));
    run.failedAt(sent.exchange, checked);
  }
  return undefined;
}

async function createFixture(run: CaseRun, name: string): Promise<void> {
  const { ctx } = run;
  const recipe = ctx.plan.recipes.get(name)!;
  for (const template of recipe.prepare) await prepare(run, template);
  const operation = ctx.plan.index.byId(recipe.request.operationId)!;
  const before = run.created.length;
  if (recipe.resource?.putCreates) await run.claimName(recipe.resource, recipe.request);
  const { exchange, url } = await run.send(recipe.request, { statuses: successStatuses(operation), setUp: true });
  const entry = run.created.length > before ? run.created.at(-1) : undefined;
  const status = exchange.response.status;
  if (status < 200 || status >= 300 || (recipe.resource && !entry && recipe.reads.size === 0)) {
    const what = recipe.resource ? `create the ${name}` : `call ${name}, whose answer a link reads,`;
    if (status >= 200 && status < 300) throw new SetupNotAddressable(`cannot set up: ${exchange.request.method} ${operation.path} made the ${name} this case needs, but answered ${status} with neither a Location nor an id`);
    throw new SetupError(`could not ${what} this case needs: ${exchange.request.method} ${operation.path} answered ${status}`);
  }
  if (entry) run.ids.set(name, entry.id);
  let values: [string, unknown][];
  try {
    values = readLinks(recipe.reads, exchange, url, operation.routePath, ctx.options.baseUrl);
  } catch (err) {
    // The answer conforms and holds no such field: the runner cannot make the request (skipped, not an error of the target).
    throw new UnsendableRequestError(`not sent: ${(err as Error).message}`);
  }
  for (const [expression, value] of values) run.ids.set(linkKey(name, expression), value);
}

async function prepare(run: CaseRun, template: RequestTemplate): Promise<void> {
  const operation = run.ctx.plan.index.byId(template.operationId)!;
  const { exchange } = await run.send(template, { statuses: successStatuses(operation), setUp: true });
  const status = exchange.response.status;
  if (status < 200 || status >= 300) {
    throw new SetupError(`could not prepare the case: ${operation.method.toUpperCase()} ${operation.path} (${operation.operationId}) answered ${status}`);
  }
}

function describeError(err: unknown): string {
  if (err instanceof SetupError || err instanceof WaitBudgetExceeded || err instanceof TransportError || err instanceof NotSentError || err instanceof UnsendableRequestError) return err.message;
  return `the runner failed: ${err instanceof Error ? err.message : String(err)}`;
}
