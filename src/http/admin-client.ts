import type { Fault } from '../mock/faults.js';
import type { JournalEntry } from '../mock/journal.js';
import type { Snapshot } from '../mock/snapshot/snapshot-format.js';

export interface ClockView {
  now: string;
  frozen: boolean;
}

export interface KeyView {
  key: string;
  plan: string;
  perMinute: number;
  perDay: number;
  scope: 'read-write' | 'read-only';
  usage: { minute: number; day: number };
  bannedUntil: string | null;
}

export interface NewKeyInput {
  key: string;
  plan: string;
  perMinute?: number;
  perDay?: number;
  scope?: 'read-write' | 'read-only';
}

/** A typed client of `/__admin`, for test suites. `session` names an `X-Mock-Session`. */
export class AdminClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token?: string,
  ) {}

  reset(session?: string): Promise<void> {
    return this.call('POST', '/reset', undefined, session);
  }
  clock(session?: string): Promise<ClockView> {
    return this.call('GET', '/clock', undefined, session);
  }
  setClock(instant: string | Date, session?: string): Promise<ClockView> {
    return this.call('POST', '/clock', { set: instant instanceof Date ? instant.toISOString() : instant }, session);
  }
  advanceClock(seconds: number, session?: string): Promise<ClockView> {
    return this.call('POST', '/clock', { advanceSeconds: seconds }, session);
  }
  keys(session?: string): Promise<KeyView[]> {
    return this.call('GET', '/keys', undefined, session);
  }
  key(key: string, session?: string): Promise<KeyView> {
    return this.call('GET', `/keys/${encodeURIComponent(key)}`, undefined, session);
  }
  addKey(input: NewKeyInput): Promise<KeyView> {
    return this.call('POST', '/keys', input);
  }
  deleteKey(key: string): Promise<void> {
    return this.call('DELETE', `/keys/${encodeURIComponent(key)}`);
  }
  ban(key: string, session?: string): Promise<KeyView> {
    return this.call('POST', `/keys/${encodeURIComponent(key)}/ban`, undefined, session);
  }
  unban(key: string, session?: string): Promise<KeyView> {
    return this.call('POST', `/keys/${encodeURIComponent(key)}/unban`, undefined, session);
  }
  addFault(fault: Fault, session?: string): Promise<Fault> {
    return this.call('POST', '/faults', fault, session);
  }
  faults(session?: string): Promise<Fault[]> {
    return this.call('GET', '/faults', undefined, session);
  }
  clearFaults(session?: string): Promise<void> {
    return this.call('DELETE', '/faults', undefined, session);
  }
  requests(session?: string): Promise<JournalEntry[]> {
    return this.call('GET', '/requests', undefined, session);
  }

  /** The session's state as a snapshot (docs/snapshot-format.md). */
  snapshot(session?: string): Promise<Snapshot> {
    return this.call('GET', '/snapshot', undefined, session);
  }
  /** Replaces the session's state with a snapshot; a bad one throws and changes nothing. */
  importSnapshot(snapshot: unknown, session?: string): Promise<void> {
    return this.call('POST', '/snapshot', snapshot, session);
  }

  private async call<T>(method: string, path: string, body?: unknown, session?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (session !== undefined) headers['X-Mock-Session'] = session;
    if (this.token !== undefined) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.baseUrl}/__admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__admin${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
