/**
 * What the contract runner produces. The engine emits RunEvents; reporters subscribe.
 * Nothing here knows about the mock: the runner works against any server.
 */

export interface RecordedRequest {
  method: string;
  /** Full URL as sent. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent (JSON value), when there was one. */
  body?: unknown;
}

export interface RecordedResponse {
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else the text (or undefined when empty). */
  body: unknown;
  /** The body as received, for reports (its start only when `fullLength` is set). */
  text: string;
  /** The body's length in characters when `text` holds only its start. */
  fullLength?: number;
  /** A streamed answer (SSE, JSON Lines, json-seq) as read item by item, in place of `body`. */
  stream?: StreamRead;
}

/** What the runner read of a streamed answer, and why it stopped. */
export interface StreamRead {
  type: string;
  items: StreamItem[];
  end: 'ended' | 'max-items' | 'max-seconds' | 'max-bytes';
  bytes: number;
}

/** One item: an SSE event, or a JSON value; or, for a frame that could not be read, the problem. */
export interface StreamItem {
  index: number;
  event?: { data: string; event?: string; id?: string; retry?: number };
  value?: unknown;
  problem?: string;
}

export interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
  durationMs: number;
  /** The documented operation the request was made to, when known. */
  operationId?: string;
  /** Why the runner did not take the body in full (too large, too deep): a failure of the case. */
  bodyProblem?: Failure;
  /** Made while removing what the case created, after its own requests. */
  cleanup?: true;
}

/** The request whose answer showed a failure: `GET http://host/pets/3 -> 200`. */
export interface FailedRequest {
  method: string;
  url: string;
  status: number;
  /** The documented operation the request was made to, when known. */
  operationId?: string;
}

/** One thing that did not conform. `check` names the check that failed (e.g. `status-documented`). */
export interface Failure {
  check: string;
  message: string;
  expected?: string;
  actual?: string;
  /** Where in the response: a JSON path into the body (`$.status`) or `header X-RateLimit-Limit`. */
  location?: string;
  /** The request whose answer it is about, when the runner knows it (reports group and name failures by it). */
  request?: FailedRequest;
}

export type CaseKind = 'positive' | 'negative' | 'state' | 'rate-limit' | 'boundary' | 'stateful' | 'fuzz' | 'workflow';
export type CaseStatus = 'passed' | 'failed' | 'skipped' | 'error';

export interface CaseResult {
  /** Stable id, e.g. `createPet/positive/example:dog`. */
  id: string;
  operationId: string;
  method: string;
  path: string;
  /** What the case does, in words: `POST /pets with example "dog" answers 201`. */
  title: string;
  kind: CaseKind;
  status: CaseStatus;
  failures: Failure[];
  exchanges: Exchange[];
  /** Time spent waiting on Retry-After / backoff and on pacing (polite client), in ms. */
  waitedMs: number;
  durationMs: number;
  /** Why a case was skipped or could not run (status skipped / error). */
  reason?: string;
  /** Things worth knowing that are not failures, e.g. a record the API does not let the run delete. */
  notes?: string[];
  /** A failure of a generated case, shrunk: a runnable curl script and the command line that replays it. */
  repro?: string;
}

export interface CoverageRow {
  operationId: string;
  method: string;
  path: string;
  /** Status codes documented for the operation. */
  documented: string[];
  /** Documented statuses some exchange of the run received. */
  exercised: string[];
}

export interface RunSummary {
  baseUrl: string;
  specFile: string;
  startedAt: string;
  durationMs: number;
  totals: { cases: number; passed: number; failed: number; skipped: number; errors: number };
  /**
   * Every case, unless the caller asked the run not to keep them (the CLI: its reporters take
   * each case as it finishes, so a run's memory does not grow with its cases); then empty.
   */
  cases: CaseResult[];
  coverage: CoverageRow[];
  /** Total time spent waiting after the target refused (429, key_banned): Retry-After and backoff. */
  waitedMs: number;
  /** Total time spent waiting before sending, to stay under the target's rate limits (or --rate-limit). */
  pacedMs?: number;
  /** Set when the run stopped before its last case (`--max-duration`): such a run does not conform. */
  stoppedEarly?: string;
  /** The seed of generated requests and the phases run (`--seed`, `--phases`). */
  seed?: number;
  phases?: readonly string[];
  /** Set when `--time-budget` stopped the generating phases (the run still conforms if nothing failed). */
  budgetSpent?: string;
  /** Records the run created and could not remove, each with how to remove it (INTERFACE section 16). */
  leftBehind?: LeftRecord[];
}

/** A record the run made and left on the target. */
export interface LeftRecord {
  /** The operation that created it. */
  operationId: string;
  /** `pet 17 at /pets/17` */
  record: string;
  /** Why it stayed and how to remove it. */
  remove: string;
}

export type RunEvent =
  | { type: 'run-started'; baseUrl: string; specFile: string; startedAt: string; plannedCases: number }
  | { type: 'case-started'; id: string; operationId: string; title: string }
  | { type: 'case-finished'; result: CaseResult }
  /** `paced`: a wait before sending, so as not to meet the target's rate limit (no refusal caused it). */
  | { type: 'waiting'; caseId: string; ms: number; reason: string; paced?: true }
  | { type: 'run-finished'; summary: RunSummary };

/**
 * A report format. It takes each case from its `case-finished` event (a summary that arrives whole,
 * as the proxy's does, carries them in `cases`); `finish` runs after `run-finished` (write files
 * there); `abort` when the run could not be made (remove what was written so far).
 */
export interface Reporter {
  readonly name: string;
  onEvent(event: RunEvent): void;
  finish?(summary: RunSummary): Promise<void>;
  abort?(): Promise<void>;
}
