import { fileURLToPath } from 'node:url';
import { CHECK_NAMES } from './checks/registry.js';
import { MAX_RESPONSE_TIME } from './checks/max-response-time.js';
import { ContractRunError } from './contract-error.js';
import type { RateCeiling } from './pacer.js';
import { normalizePhaseOptions, type PhaseName } from './phases/phase-options.js';
import type { RefOptions } from '../spec/ref-options.js';

export const REPORTER_NAMES = ['console', 'json', 'junit', 'html'] as const;
export type ReporterName = (typeof REPORTER_NAMES)[number];
export const STABILITIES = ['beta', 'experimental'] as const;
export type SkippableStability = (typeof STABILITIES)[number];
export { PHASE_NAMES, DEFAULT_PHASES, type PhaseName } from './phases/phase-options.js';

/** The package's own document, resolved from this module (src/contract or dist/contract), not from cwd. */
export const DEFAULT_SPEC_FILE = fileURLToPath(new URL('../../spec/petstore.yaml', import.meta.url));

/** What a caller may pass: `baseUrl`, and a credential (`apiKey`, `authBasic` or a credential header). */
export interface ContractOptionsInput {
  baseUrl: string;
  apiKey?: string;
  spec?: string;
  /** Where the document's `$ref`s may lead (--ref-root, --allow-remote-refs). */
  refs?: RefOptions;
  tags?: readonly string[];
  operations?: readonly string[];
  skipStability?: readonly string[];
  readonlyKey?: string;
  includeRateLimit?: boolean;
  rateLimitKey?: string;
  /** Used by the CLI to build reporters; `runContract` takes reporter objects instead. */
  reporters?: readonly string[];
  out?: string;
  /** Total seconds the polite client may spend waiting on the target's rate limits (120). */
  maxWaitSeconds?: number;
  /** Seconds to wait for one answer (10). */
  timeoutSeconds?: number;
  /** `N/s` or `N/m`: a ceiling on the run's request rate, whatever the target's headers say. */
  rateLimit?: string;
  // Any document (INTERFACE.md section 10): credentials where its schemes say, and what it cannot express.
  /** `USER:PASS` for http basic schemes. */
  authBasic?: string;
  /** `Name: value`, sent on every request. */
  headers?: readonly string[];
  /** Prerequisites files (contracts/prerequisites.schema.json), applied with the bundled Petstore one. */
  prerequisites?: readonly string[];
  // Limits on what a hostile or broken target can cost a run (decision 014).
  /** Bytes of one response body, after decompression, past which the runner stops reading (10 MiB). */
  maxResponseBytes?: number;
  /** Seconds the whole run may take; cases not started by then are reported as not run (900). */
  maxDurationSeconds?: number;
  /** Items of a streamed answer read and checked before the runner stops reading (100). */
  maxStreamItems?: number;
  /** Seconds a streamed answer is read before the runner stops reading (10). */
  maxStreamSeconds?: number;
  // The deep runner (INTERFACE section 11), normalised by phases/phase-options.ts.
  phases?: readonly string[];
  seed?: number;
  maxExamples?: number;
  timeBudgetSeconds?: number;
  // A user's Arazzo 1.0 workflows (workflows/), run before the document's own cases.
  /** The Arazzo file. */
  workflows?: string;
  /** `NAME=VALUE` inputs of its workflows. */
  workflowInputs?: readonly string[];
  /** Run the workflows and none of the document's own cases. */
  workflowsOnly?: boolean;
  // Safe on shared staging (INTERFACE section 16, docs/decisions/049-safe-on-shared-staging.md).
  /** Send PUT, PATCH and DELETE to records this run did not create. */
  allowDestructive?: boolean;
  /** Send the document's paths right under `baseUrl`, without its server path (a target that ignores it, as Prism does). */
  pathsAtRoot?: boolean;
  /** Print the plan and send nothing. */
  dryRun?: boolean;
  // Named checks (INTERFACE section 16, checks/registry.ts).
  /** Only these checks (`--checks a,b`); default every check of the registry. */
  checks?: readonly string[];
  /** Not these checks (`--exclude-checks a,b`). */
  excludeChecks?: readonly string[];
  /** `--max-response-time MS`: an answer slower than this fails max_response_time. */
  maxResponseTimeMs?: number;
}

/** Options after normalisation at the edge: nothing inside the runner re-checks them. */
export interface ContractOptions {
  /** Without a trailing slash. */
  baseUrl: string;
  apiKey: string | undefined;
  spec: string;
  refs: RefOptions;
  tags: readonly string[];
  operations: readonly string[];
  skipStability: readonly SkippableStability[];
  readonlyKey: string | undefined;
  includeRateLimit: boolean;
  rateLimitKey: string | undefined;
  reporters: readonly ReporterName[];
  out: string;
  maxWaitMs: number;
  timeoutMs: number;
  rateLimit: RateCeiling | undefined;
  authBasic: { user: string; password: string } | undefined;
  /** --header pairs; undefined when none (as every optional flag here). */
  headers: readonly (readonly [string, string])[] | undefined;
  prerequisiteFiles: readonly string[] | undefined;
  maxResponseBytes: number;
  maxDurationMs: number;
  maxStreamItems: number;
  maxStreamMs: number;
  phases: readonly PhaseName[];
  /** Undefined until the run picks one from its clock; every run prints the one it used. */
  seed: number | undefined;
  maxExamples: number;
  timeBudgetMs: number | undefined;
  workflows: string | undefined;
  workflowInputs: readonly string[];
  workflowsOnly: boolean;
  allowDestructive: boolean;
  pathsAtRoot: boolean;
  dryRun: boolean;
  /** The checks whose failures the run reports (the registry's names after --checks and --exclude-checks). */
  checks: ReadonlySet<string>;
  maxResponseTimeMs: number | undefined;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_DURATION_SECONDS = 900;

export function normalizeOptions(input: ContractOptionsInput): ContractOptions {
  const baseUrl = parseBaseUrl(input.baseUrl);
  const headers = (input.headers ?? []).map(parseHeader);
  const authBasic = input.authBasic === undefined ? undefined : parseBasic(input.authBasic);
  const apiKey = input.apiKey === undefined ? undefined : nonEmpty('--api-key', input.apiKey);
  const skipStability = (input.skipStability ?? []).map((s) => {
    if (!(STABILITIES as readonly string[]).includes(s)) {
      throw new ContractRunError(`--skip-stability must be one of ${STABILITIES.join(', ')} (got '${s}')`);
    }
    return s as SkippableStability;
  });
  const reporters = (input.reporters?.length ? input.reporters : ['console']).map((r) => {
    if (!(REPORTER_NAMES as readonly string[]).includes(r)) {
      throw new ContractRunError(`--reporter must be one of ${REPORTER_NAMES.join(', ')} (got '${r}')`);
    }
    return r as ReporterName;
  });
  return {
    baseUrl,
    apiKey,
    spec: input.spec ?? DEFAULT_SPEC_FILE,
    refs: input.refs ?? {},
    tags: [...new Set(input.tags ?? [])],
    operations: [...new Set(input.operations ?? [])],
    skipStability: [...new Set(skipStability)],
    readonlyKey: input.readonlyKey === undefined ? undefined : nonEmpty('--readonly-key', input.readonlyKey),
    includeRateLimit: input.includeRateLimit === true,
    rateLimitKey: input.rateLimitKey === undefined ? undefined : nonEmpty('--rate-limit-key', input.rateLimitKey),
    reporters: [...new Set(reporters)],
    out: input.out ?? './contract-report',
    maxWaitMs: seconds('--max-wait', input.maxWaitSeconds ?? 120, 0) * 1000,
    timeoutMs: seconds('--timeout', input.timeoutSeconds ?? 10, 0.001) * 1000,
    rateLimit: input.rateLimit === undefined ? undefined : parseRateCeiling(input.rateLimit),
    authBasic,
    headers: headers.length > 0 ? headers : undefined,
    prerequisiteFiles: input.prerequisites?.length ? [...new Set(input.prerequisites)] : undefined,
    maxResponseBytes: wholeBytes(input.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES),
    maxDurationMs: seconds('--max-duration', input.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS, 0.001) * 1000,
    maxStreamItems: wholeItems(input.maxStreamItems ?? 100),
    maxStreamMs: seconds('--max-stream-seconds', input.maxStreamSeconds ?? 10, 0.001) * 1000,
    ...normalizePhaseOptions(input),
    ...normalizeWorkflowOptions(input),
    allowDestructive: input.allowDestructive === true,
    pathsAtRoot: input.pathsAtRoot === true,
    dryRun: input.dryRun === true,
    ...normalizeCheckOptions(input),
  };
}

/**
 * `--checks`, `--exclude-checks` and `--max-response-time` into the set of checks the run reports.
 * An unknown name is a mistake (exit 2, with the list); max_response_time is on only with its limit.
 */
function normalizeCheckOptions(input: ContractOptionsInput): Pick<ContractOptions, 'checks' | 'maxResponseTimeMs'> {
  const names = (flag: string, raw: readonly string[] | undefined) => {
    const listed = (raw ?? []).flatMap((item) => item.split(',')).map((name) => name.trim()).filter(Boolean);
    const unknown = listed.filter((name) => !CHECK_NAMES.includes(name));
    if (unknown.length > 0) throw new ContractRunError(`${flag}: unknown check${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; the checks are ${CHECK_NAMES.join(', ')} (see --list-checks)`);
    return listed;
  };
  const only = names('--checks', input.checks);
  const excluded = new Set(names('--exclude-checks', input.excludeChecks));
  if (input.checks !== undefined && only.length === 0) throw new ContractRunError(`--checks names no check; the checks are ${CHECK_NAMES.join(', ')} (see --list-checks)`);
  const limit = input.maxResponseTimeMs;
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isFinite(limit) || limit < 0)) {
    throw new ContractRunError(`--max-response-time must be a number of milliseconds >= 0 (got '${String(limit)}')`);
  }
  if (limit === undefined && only.includes(MAX_RESPONSE_TIME.name)) throw new ContractRunError(`--checks ${MAX_RESPONSE_TIME.name} needs --max-response-time MS`);
  const chosen = only.length > 0 ? only : CHECK_NAMES;
  return { checks: new Set(chosen.filter((name) => !excluded.has(name))), maxResponseTimeMs: limit };
}

function normalizeWorkflowOptions(input: ContractOptionsInput): Pick<ContractOptions, 'workflows' | 'workflowInputs' | 'workflowsOnly'> {
  const workflows = input.workflows === undefined ? undefined : nonEmpty('--workflows', input.workflows);
  if (workflows === undefined && (input.workflowInputs?.length || input.workflowsOnly)) {
    throw new ContractRunError(`${input.workflowsOnly ? '--workflows-only' : '--workflow-input'} needs --workflows FILE`);
  }
  const ownCases = [input.includeRateLimit ? '--include-rate-limit' : '', input.phases?.length ? '--phases' : ''].filter(Boolean);
  if (input.workflowsOnly && ownCases.length > 0) throw new ContractRunError(`--workflows-only runs none of the document's own cases; ${ownCases.join(' and ')} would have nothing to do`);
  return { workflows, workflowInputs: [...(input.workflowInputs ?? [])], workflowsOnly: input.workflowsOnly === true };
}

/** `N/s` or `N/m`, N a whole number >= 1. */
function parseRateCeiling(raw: string): RateCeiling {
  const match = /^\s*(\d{1,9})\s*\/\s*(s|m)\s*$/.exec(raw);
  const count = match ? Number(match[1]) : 0;
  if (!match || count < 1) throw new ContractRunError(`--rate-limit must be N/s or N/m with N a whole number >= 1 (got '${raw}')`);
  return { count, perMs: match[2] === 's' ? 1000 : 60_000 };
}

function parseBasic(raw: string): { user: string; password: string } {
  const colon = raw.indexOf(':');
  if (colon <= 0) throw new ContractRunError(`--auth-basic must be USER:PASS (got '${raw.includes(':') ? 'an empty user' : 'no colon'}')`);
  return { user: raw.slice(0, colon), password: raw.slice(colon + 1) };
}

/** `Name: value`; the name must be an HTTP token, the value free of line breaks. */
function parseHeader(raw: string): readonly [string, string] {
  const colon = raw.indexOf(':');
  const name = colon < 0 ? '' : raw.slice(0, colon).trim();
  const value = colon < 0 ? '' : raw.slice(colon + 1).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(value)) {
    throw new ContractRunError(`--header must be 'Name: value' with a valid header name (got '${name || raw.split(':')[0]}')`);
  }
  return [name, value];
}

function parseBaseUrl(raw: string): string {
  let url: URL;
  // Error messages echo the URL without any user:password@ part, since CI logs are shared.
  const shown = raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  try {
    url = new URL(raw);
  } catch {
    throw new ContractRunError(`--base-url must be an absolute http(s) URL (got '${shown}')`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ContractRunError(`--base-url must be an http or https URL (got '${shown}')`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ContractRunError(`--base-url must not carry credentials (user:password@); pass them with --api-key or another credential flag (got '${shown}')`);
  }
  if (url.search || url.hash) throw new ContractRunError(`--base-url must not have a query or fragment (got '${shown}')`);
  return url.toString().replace(/\/+$/, '');
}

function nonEmpty(flag: string, value: string | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') throw new ContractRunError(`${flag} must not be empty`);
  return value;
}

function wholeBytes(value: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ContractRunError(`--max-response-bytes must be a whole number of bytes >= 1 (got '${String(value)}')`);
  }
  return value;
}

function seconds(flag: string, value: number, min: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new ContractRunError(`${flag} must be a number of seconds >= ${min} (got '${String(value)}')`);
  }
  return value;
}

function wholeItems(value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new ContractRunError(`--max-stream-items must be a whole number of items, 1 or more (got ${value})`);
  return value;
}
