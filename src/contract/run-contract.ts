import { systemClock, type Clock } from '../core/clock.js';
import { loadDocument } from '../spec/load-document.js';
import { serverBasePath, withServerPath } from '../spec/server-base-path.js';
import { SpecError } from '../spec/spec-error.js';
import { ContractRunError } from './contract-error.js';
import { availableCredentials, runCredentials } from './credential-placement.js';
import { executePlan } from './engine.js';
import type { Reporter, RunEvent, RunSummary } from './events.js';
import { normalizeOptions, type ContractOptions, type ContractOptionsInput } from './options.js';
import { buildPlan, type Plan } from './plan.js';
import { loadPrerequisiteFile } from './prerequisites.js';
import { createTransport, TransportError, type FetchFunction } from './transport.js';
import { createRedactor, credentialsOf } from './credentials.js';
import { createRunDeadline } from './run-deadline.js';
import { requiresCredential } from './credential-refusal.js';

export interface RunContractDeps {
  /** Subscribers that write reports; each gets every event, then `finish(summary)`. */
  reporters?: readonly Reporter[];
  /** The event stream, for callers that want it without writing a Reporter. */
  onEvent?: (event: RunEvent) => void;
  clock?: Clock;
  /** How the polite client waits; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  fetch?: FetchFunction;
  /** false: the summary comes back without its cases (the reporters took each as it finished). */
  keepCases?: boolean;
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

/** What a run is made of before its first request: the options it runs with, the plan, the user's workflows. */
export interface PreparedRun {
  options: ContractOptions;
  plan: Plan;
  workflows: Awaited<ReturnType<typeof import('./workflows/prepare-workflows.js').prepareWorkflows>> | undefined;
}

/** Loads the document, the prerequisites and the workflows and builds the plan; sends nothing. */
export async function prepareRun(given: ContractOptions, clock: Clock): Promise<PreparedRun> {
  // A run without --seed takes one from its clock and prints it, so any run can be replayed.
  const seeded = { ...given, seed: given.seed ?? clock.now() % 0x7fffffff, ...(given.workflowsOnly ? { phases: [] } : {}) };
  let loaded;
  try {
    loaded = await loadDocument(seeded.spec, seeded.refs);
  } catch (err) {
    if (err instanceof SpecError) throw new ContractRunError(err.message.split('\n').map((l) => l.trim()).join(' '));
    throw err;
  }
  // INTERFACE section 16: a base URL at the server's root gets the document's server path; every report names the URL used.
  // --paths-at-root keeps the URL as given, for a target that serves the paths at its root (Prism does).
  const options = seeded.pathsAtRoot ? seeded : { ...seeded, baseUrl: withServerPath(seeded.baseUrl, serverBasePath(loaded.document)) };
  const prerequisites = (await Promise.all((options.prerequisiteFiles ?? []).map(loadPrerequisiteFile))).flat();
  // --workflows-only: no phase, so the plan keeps the document's index and schemas and no case of its own.
  const plan = buildPlan(loaded, { ...options, prerequisites, available: availableCredentials(runCredentials(options)) });
  requireCredentials(options, plan.selected);
  // Loaded only for --workflows: the Arazzo validator (@redocly/openapi-core) takes about 0.4 s to import.
  const workflows = options.workflows
    ? await (await import('./workflows/prepare-workflows.js')).prepareWorkflows(options.workflows, options.workflowInputs, plan.index, options.spec)
    : undefined;
  return { options, plan, workflows };
}

/** The same, for options already normalised at the edge (the CLI). */
export async function runNormalizedContract(given: ContractOptions, deps: RunContractDeps = {}): Promise<RunSummary> {
  const clock = deps.clock ?? systemClock;
  const { options, plan, workflows } = await prepareRun(given, clock);
  const reporters = deps.reporters ?? [];
  // A reporter that throws is told once at the end (exit 2); the run and the other reports go on.
  const problems = new Map<string, string>();
  const emit = (event: RunEvent) => {
    for (const reporter of reporters) {
      try {
        reporter.onEvent(event);
      } catch (err) {
        if (!problems.has(reporter.name)) problems.set(reporter.name, `the ${reporter.name} reporter failed on ${event.type}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    deps.onEvent?.(event);
  };
  const deadline = createRunDeadline(clock, options.maxDurationMs);
  const transport = createTransport({
    fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
    clock,
    timeoutMs: options.timeoutMs,
    origin: new URL(options.baseUrl).origin,
    maxResponseBytes: options.maxResponseBytes,
    deadline,
    stream: { maxItems: options.maxStreamItems, maxMs: options.maxStreamMs },
  });
  const sleep = deps.sleep ?? realSleep;
  const summary = await executePlan(plan, options, {
    ...(deps.keepCases === false ? { keepCases: false } : {}),
    transport,
    clock,
    // A wait for the target's rate limit that would outlast the run ends the case instead.
    sleep: (ms) => (ms > deadline.remainingMs() ? Promise.reject(new TransportError('DEADLINE', `--max-duration reached (${deadline.maxMs / 1000} s) before a wait of ${Math.ceil(ms / 1000)} s ended`)) : sleep(ms)),
    emit,
    redactor: createRedactor([...credentialsOf(options), ...(workflows?.secrets ?? [])]),
    deadline,
    ...(workflows ? { before: workflows.source } : {}),
  }).catch(async (err: unknown) => {
    // A run that could not be made leaves no half-written report behind.
    for (const reporter of reporters) await reporter.abort?.().catch(() => undefined);
    throw err;
  });
  // Every reporter gets its turn even when one fails, so one broken format costs no other file.
  for (const reporter of reporters) {
    try {
      await reporter.finish?.(summary);
    } catch (err) {
      problems.set(`${reporter.name} file`, `the ${reporter.name} report could not be written: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (problems.size > 0) throw new ContractRunError([...problems.values()].join('; '));
  return summary;
}

/**
 * A run without any credential is refused (exit 2) when a selected operation asks for one: its
 * cases could only be skipped. A document that asks for none (or only `security: []`) runs
 * without (docs/decisions/036-credentials-only-when-asked.md).
 */
function requireCredentials(options: ContractOptions, selected: readonly { security: readonly Record<string, unknown>[] }[]): void {
  if (options.apiKey !== undefined || options.authBasic !== undefined || (options.headers?.length ?? 0) > 0) return;
  const asks = selected.some(requiresCredential);
  if (asks) throw new ContractRunError('--api-key is required: the document asks for credentials (or give them with --auth-basic or --header; see --help)');
}
