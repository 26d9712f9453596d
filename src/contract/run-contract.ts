import { systemClock, type Clock } from '../core/clock.js';
import { loadDocument } from '../spec/load-document.js';
import { SpecError } from '../spec/spec-error.js';
import { ContractRunError } from './contract-error.js';
import { availableCredentials, credentialSecrets, runCredentials } from './credentials.js';
import { executePlan } from './engine.js';
import type { Reporter, RunEvent, RunSummary } from './events.js';
import { normalizeOptions, type ContractOptions, type ContractOptionsInput } from './options.js';
import { buildPlan } from './plan.js';
import { loadPrerequisiteFile } from './prerequisites.js';
import { createTransport, type FetchFunction } from './transport.js';

export interface RunContractDeps {
  /** Subscribers that write reports; each gets every event, then `finish(summary)`. */
  reporters?: readonly Reporter[];
  /** The event stream, for callers that want it without writing a Reporter. */
  onEvent?: (event: RunEvent) => void;
  clock?: Clock;
  /** How the polite client waits; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: FetchFunction;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Replays the document against a live server and returns the summary. Every RunEvent goes, in
 * order, to each reporter and to `onEvent`. Rejects with ContractRunError when the run cannot be
 * made (bad options, unreadable document, unreachable target); a non-conforming server is not an
 * error: it is a summary with failed cases.
 */
export async function runContract(options: ContractOptionsInput, deps: RunContractDeps = {}): Promise<RunSummary> {
  return runNormalizedContract(normalizeOptions(options), deps);
}

/** The same, for options already normalised at the edge (the CLI). */
export async function runNormalizedContract(options: ContractOptions, deps: RunContractDeps = {}): Promise<RunSummary> {
  let loaded;
  try {
    loaded = await loadDocument(options.spec);
  } catch (err) {
    if (err instanceof SpecError) throw new ContractRunError(err.message.split('\n').map((l) => l.trim()).join(' '));
    throw err;
  }
  const prerequisites = (await Promise.all((options.prerequisiteFiles ?? []).map(loadPrerequisiteFile))).flat();
  const plan = buildPlan(loaded, { ...options, prerequisites, available: availableCredentials(runCredentials(options)) });
  const clock = deps.clock ?? systemClock;
  const reporters = deps.reporters ?? [];
  const emit = (event: RunEvent) => {
    for (const reporter of reporters) reporter.onEvent(event);
    deps.onEvent?.(event);
  };
  const transport = createTransport({
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    clock,
    timeoutMs: options.timeoutMs,
    secrets: credentialSecrets(runCredentials(options)),
  });
  const summary = await executePlan(plan, options, { transport, clock, sleep: deps.sleep ?? realSleep, emit });
  for (const reporter of reporters) await reporter.finish?.(summary);
  return summary;
}
