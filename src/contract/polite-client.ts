import { isCredentialHeader } from './credential-placement.js';
import type { Clock } from '../core/clock.js';
import type { Exchange } from './events.js';
import { parseImfFixdate, parseWholeNumber } from './http-syntax.js';
import type { Pacer } from './pacer.js';
import type { OutgoingRequest, Transport } from './transport.js';

/** The run's total allowance for waiting on the target (`--max-wait`), shared by every case. */
export interface WaitBudget {
  readonly maxMs: number;
  spentMs: number;
  /**
   * Set when the budget ran out on a refusal: per credential (see `callerOf`), the time the target
   * asked to be left alone until. Nothing is sent with that credential before it; calling on
   * through 429s is what gets a key banned (every case after it then fails with 403), and the
   * target said when to come back. Other credentials (requests with none) are counted apart.
   */
  refusedUntil?: Map<string, number>;
}

/** Headers that say nothing about who calls. */
const NOT_CREDENTIALS = new Set(['accept', 'content-type', 'content-length', 'prefer']);

/**
 * Who a request calls as, for `refusedUntil` and the pacer: its headers but the content ones, and
 * the names of its query parameters that carry a credential (an apiKey in the query). A target
 * counts its limits per credential; with every query name in it, each new query shape (a boundary
 * case adding `?id=`) was a caller with no rate-limit reading, and went out into a 429.
 */
function callerOf(request: OutgoingRequest): string {
  const headers = Object.entries(request.headers)
    .filter(([name]) => !NOT_CREDENTIALS.has(name.toLowerCase()))
    .map(([name, value]) => `${name.toLowerCase()}:${String(value)}`)
    .sort();
  const queryNames = [...new URL(request.url).searchParams.keys()].filter(isCredentialHeader).sort();
  return JSON.stringify([headers, queryNames]);
}

export interface PoliteOptions {
  sleep: (ms: number) => Promise<void>;
  clock: Clock;
  budget: WaitBudget;
  /** Told before each wait (the engine turns it into a `waiting` event); `paced` when no refusal caused it. */
  onWait: (ms: number, reason: string, paced?: boolean) => void;
  /** Waits before sending so that the target's rate limits are not met (pacer.ts). */
  pacer?: Pacer;
  /** First backoff step and its cap, for repeated 429s (1 s doubling up to 60 s). */
  backoffMs?: number;
  backoffCapMs?: number;
}

/** Waiting any longer would exceed `--max-wait`: the case is an error, with this message as its reason. */
export class WaitBudgetExceeded extends Error {
  constructor(
    message: string,
    readonly attempts: Exchange[],
  ) {
    super(message);
    this.name = 'WaitBudgetExceeded';
  }
}

/**
 * Sends a request as a polite client (seed rule: back off on 429): when the target answers 429,
 * or 403 `key_banned`, to a request that did not aim for it, waits `Retry-After` (or an
 * exponential backoff with a cap when it repeats, whichever is longer), then retries, within the
 * run's wait budget. Returns every attempt; the last is the answer.
 */
export async function sendPolitely(transport: Transport, request: OutgoingRequest, options: PoliteOptions): Promise<{ attempts: Exchange[]; waitedMs: number }> {
  const base = options.backoffMs ?? 1000;
  const cap = options.backoffCapMs ?? 60_000;
  const attempts: Exchange[] = [];
  let waitedMs = 0;
  const now = options.clock.now();
  const caller = callerOf(request);
  const refusedUntil = options.budget.refusedUntil?.get(caller);
  if (refusedUntil !== undefined && now < refusedUntil) {
    const left = formatSeconds(refusedUntil - now);
    throw new WaitBudgetExceeded(`${request.method} ${new URL(request.url).pathname} not sent: the target asked to wait ${left} more and --max-wait ${formatSeconds(options.budget.maxMs)} is spent`, attempts);
  }
  if (options.pacer) waitedMs += await pace(request, caller, options);
  for (let refusals = 1; ; refusals++) {
    const exchange = await transport.send(request);
    attempts.push(exchange);
    options.pacer?.observe(caller, exchange.response.headers, options.clock.now());
    const refusal = refusalOf(exchange);
    if (!refusal) return { attempts, waitedMs };
    const retryAfterMs = retryAfterOf(exchange, options.clock.now());
    const backoff = Math.min(cap, base * 2 ** (refusals - 1));
    const wait = Math.max(retryAfterMs ?? 0, refusals > 1 || retryAfterMs === undefined ? backoff : 0);
    const reason = `${request.method} ${new URL(request.url).pathname} answered ${refusal}${retryAfterMs !== undefined ? ` with Retry-After ${Math.ceil(retryAfterMs / 1000)} s` : ' without Retry-After'}; waiting ${formatSeconds(wait)} before retry ${refusals}`;
    if (options.budget.spentMs + wait > options.budget.maxMs) {
      (options.budget.refusedUntil ??= new Map()).set(caller, options.clock.now() + (retryAfterMs ?? wait));
      throw new WaitBudgetExceeded(
        `${request.method} ${new URL(request.url).pathname} answered ${refusal}${retryAfterMs !== undefined ? ` asking to wait ${formatSeconds(retryAfterMs)}` : ''}; waiting ${formatSeconds(wait)} more would exceed --max-wait ${formatSeconds(options.budget.maxMs)} (already waited ${formatSeconds(options.budget.spentMs)})`,
        attempts,
      );
    }
    options.onWait(wait, reason);
    options.budget.spentMs += wait;
    waitedMs += wait;
    await options.sleep(wait);
  }
}

/** The pacer's wait before a request, told and slept; not taken from `--max-wait`, which is for refusals. */
async function pace(request: OutgoingRequest, caller: string, options: PoliteOptions): Promise<number> {
  const { ms, reason } = options.pacer!.before(caller, options.clock.now());
  if (ms <= 0) return 0;
  options.onWait(ms, `pacing ${request.method} ${new URL(request.url).pathname}: ${reason}; waiting ${formatSeconds(ms)}`, true);
  await options.sleep(ms);
  return ms;
}

/** `429` or `403 key_banned`: the target asks the client to come back later. */
export function refusalOf(exchange: Exchange): string | undefined {
  const { status, body } = exchange.response;
  if (status === 429) return '429';
  if (status === 403 && body !== null && typeof body === 'object' && (body as Record<string, unknown>).code === 'key_banned') return '403 key_banned';
  return undefined;
}

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 section 10.2.3), in ms from now. */
export function retryAfterOf(exchange: Exchange, now: number): number | undefined {
  const raw = exchange.response.headers['retry-after'];
  if (raw === undefined) return undefined;
  const seconds = parseWholeNumber(raw);
  if (seconds !== undefined) return seconds * 1000;
  const date = parseImfFixdate(raw.trim());
  return date === undefined ? undefined : Math.max(0, date - now);
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
