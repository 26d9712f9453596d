import type { Session } from '../session.js';

/** How an outgoing call is sent: `fetch` in production, in Node and browsers alike. */
export type Send = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number }>;

export interface OutgoingOptions {
  send?: Send;
  /** Waits between tries, on the injected clock. */
  delay(ms: number): Promise<void>;
  now(session: Session): number;
  /** Hosts besides loopback that may be called (`--allow-callback-hosts`). */
  allowHosts?: readonly string[];
}

export interface Delivery {
  url: string;
  /** The answer's status, or 0 when none came. */
  status: number;
  attempts: number;
  error?: string;
}

/** Tries per call: the first and two retries, after 100 ms and 200 ms. */
export const TRIES = 3;
const BACKOFF_MS = [100, 200];

/**
 * Calls the mock makes (callbacks, webhooks), each try in the session's journal with its answer.
 * A 5xx or no answer is tried again, at most TRIES times; a 2xx-4xx answer ends it. A target that
 * is not loopback (or allowed) is refused before anything is sent, and journaled as refused.
 */
export class OutgoingCalls {
  private readonly send: Send;

  constructor(private readonly options: OutgoingOptions) {
    this.send = options.send ?? defaultSend;
  }

  async deliver(session: Session, what: string, url: string, method: string, body: unknown, unresolved?: string): Promise<Delivery> {
    const refused = unresolved ?? this.refusal(url);
    if (refused) {
      await this.journal(session, what, method, url, 0, 1, 0, refused);
      return { url, status: 0, attempts: 0, error: refused };
    }
    let last: Delivery = { url, status: 0, attempts: 0 };
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      if (attempt > 1) await this.options.delay(BACKOFF_MS[attempt - 2]!);
      const started = performance.now();
      let status = 0;
      let error: string | undefined;
      try {
        const headers: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
        status = (await this.send(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).status;
      } catch (e) {
        error = String((e as { cause?: { code?: string } })?.cause?.code ?? (e as Error)?.message ?? e);
      }
      await this.journal(session, what, method, url, status, attempt, Math.round((performance.now() - started) * 100) / 100, error);
      last = { url, status, attempts: attempt, ...(error ? { error } : {}) };
      if (status > 0 && status < 500) break;
    }
    return last;
  }

  /** Why a URL may not be called, or undefined. */
  refusal(url: string): string | undefined {
    let host: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `not an http(s) URL: ${url.slice(0, 200)}`;
      host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    } catch {
      return `not a URL: ${url.slice(0, 200)}`;
    }
    const loopback = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
    if (loopback || this.options.allowHosts?.includes(host)) return undefined;
    return `${host} is not a loopback host; start the mock with --allow-callback-hosts ${host} to call it`;
  }

  private async journal(session: Session, what: string, method: string, url: string, status: number, attempt: number, ms: number, error?: string): Promise<void> {
    const line = { at: this.options.now(session), method, path: url.slice(0, 500), status, ms, key: null, outgoing: what, attempt, ...(error ? { error } : {}) };
    await Promise.resolve(session.journal.push(line)).catch(() => {});
  }
}

const defaultSend: Send = async (url, init) => {
  const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status };
};
