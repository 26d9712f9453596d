import fc from 'fast-check';
import type { CaseRun } from '../case-run.js';
import type { Exchange, Failure } from '../events.js';
import { NOT_SENT, NotSentError } from '../own-records.js';
import { TransportError } from '../transport.js';
import { budgetSpentReason } from './generation-budget.js';
import { caseSeed } from './phase-options.js';
import { reproScript } from './repro-script.js';

/** Thrown inside a generated input once a check has failed, so fast-check shrinks it. */
export class CheckFailed extends Error {}

/** Stops the input at the first failed check. */
export function guard(run: CaseRun): void {
  if (run.failures.length > 0) throw new CheckFailed(run.failures[0]!.message);
}

interface Failing {
  exchanges: Exchange[];
  failures: Failure[];
  error: unknown;
}

/**
 * Runs `execute` on generated inputs with fast-check, the case's seed and `--max-examples` runs.
 * Each input starts with no exchanges or failures of its own and cleans up what it created; only
 * the last failing input fast-check tried (the shrunk counterexample) stays in the case, with a
 * curl repro. A target that breaks (timeout, dropped connection) ends the case at once: inputs
 * after it fail without a request, so shrinking costs nothing.
 */
/** How many inputs shrinking may try after the first failure (each one sends requests to a real server). */
export const MAX_SHRINK_INPUTS = 40;

export async function runGenerated<T>(run: CaseRun, arbitrary: fc.Arbitrary<T>, execute: (input: T) => Promise<void>, numRuns: number): Promise<void> {
  const { ctx, planned } = run;
  const setupExchanges = run.exchanges.splice(0);
  const setupFailures = run.failures.splice(0);
  const keep = run.created.length;
  let failing: Failing | undefined;
  let broken: TransportError | undefined;
  let inputs = 0;
  let requests = 0;
  let notSent = 0;
  let shrinks = 0;
  const property = fc.asyncProperty(arbitrary, async (input) => {
    if (broken) throw broken;
    // Shrinking is bounded: past MAX_SHRINK_INPUTS tries after the first failure, the inputs left
    // pass unsent and the smallest failure found so far stands. Unbounded, one failing sequence
    // of the stateful phase sent over 15,000 requests while fast-check shrank it.
    if (failing && ++shrinks > MAX_SHRINK_INPUTS) return;
    inputs += 1;
    run.exchanges.length = 0;
    run.failures.length = 0;
    let error: unknown;
    try {
      await execute(input);
      guard(run);
    } catch (err) {
      // A generated PUT, PATCH or DELETE of a record the run did not make ends the input, unsent, as no failure.
      if (err instanceof NotSentError) notSent += 1;
      else error = err;
    }
    const exchanges = [...run.exchanges];
    const failures = [...run.failures];
    requests += exchanges.length;
    try {
      await run.cleanUp(keep);
    } catch (err) {
      if (err instanceof TransportError) broken ??= err;
    }
    if (error === undefined) return;
    if (error instanceof TransportError) broken ??= error;
    failing = { exchanges, failures, error };
    throw error;
  });
  const remaining = ctx.generation?.remainingMs();
  const seed = caseSeed(ctx.options.seed ?? 0, planned.id);
  const details = await fc.check(property, { seed, numRuns, ...(remaining !== undefined ? { interruptAfterTimeLimit: remaining, markInterruptAsFailure: false } : {}) });
  run.exchanges.length = 0;
  run.failures.length = 0;
  run.exchanges.push(...setupExchanges);
  run.failures.push(...setupFailures);
  if (details.interrupted && ctx.generation) ctx.generation.spent ??= budgetSpentReason(ctx.options.timeBudgetMs ?? 0);
  run.notes.push(`${inputs} generated input(s), ${requests} request(s), seed ${seed}${details.interrupted ? ', stopped by --time-budget' : ''}`);
  if (notSent > 0) run.notes.push(`${notSent} input(s) ended at a request ${NOT_SENT}`);
  if (!details.failed || !failing) return;
  run.exchanges.push(...failing.exchanges);
  run.failures.push(...failing.failures);
  run.notes.push(`shrunk in ${details.numShrinks} step(s) to ${failing.exchanges.length} request(s)`);
  // The fixtures' requests come first: without them the failing requests name records that do not exist.
  run.repro = reproScript([...setupExchanges, ...failing.exchanges], ctx.options, { phase: planned.kind, operationId: planned.operationId, seed: ctx.options.seed ?? 0, maxExamples: ctx.options.maxExamples }, failing.failures);
  if (broken) throw broken;
  if (!(failing.error instanceof CheckFailed) && failing.failures.length === 0) throw failing.error;
}
