/** Plans, keys and the decisions of the rate limiter (INTERFACE.md sections 4 and 5). */
export type Scope = 'read-write' | 'read-only';

export interface Limits {
  perMinute: number;
  perDay: number;
}

export interface ApiKeyRecord extends Limits {
  key: string;
  /** Free, Pro, Business, Enterprise, or a plan named in the config file. */
  plan: string;
  scope: Scope;
}

export interface BanPolicy {
  /** Answers of 429 a subject may get in one exceeded window before its next request bans it (11). */
  max429PerWindow: number;
  /** How long a ban lasts, in seconds (900). */
  banSeconds: number;
}

export type WindowName = 'minute' | 'day';

/** The rate-limit headers of one response, ready to set. */
export interface RateLimitHeaders {
  'X-RateLimit-Limit': string;
  'X-RateLimit-Remaining': string;
  'X-RateLimit-Reset': string;
  RateLimit: string;
  'RateLimit-Policy': string;
}

export type Decision =
  | { outcome: 'allowed'; headers: RateLimitHeaders }
  /** Over a limit: 429 rate_limit_exceeded with Retry-After (seconds, >= 1). */
  | { outcome: 'limited'; headers: RateLimitHeaders; retryAfter: number; window: WindowName }
  /** Banned (now or before): 403 key_banned with Retry-After until the ban ends. */
  | { outcome: 'banned'; headers: RateLimitHeaders; retryAfter: number };

export interface Usage {
  /** Requests counted in the current minute and day windows. */
  minute: number;
  day: number;
  /** Epoch ms when the ban ends, or null. */
  bannedUntil: number | null;
}

/**
 * Where the counters of one session live. Async so a shared backend (Redis) can implement it;
 * `consume` must be atomic per subject (count, decide and ban in one step).
 * A subject is `key:<api key>` or `addr:<client address>`.
 */
export interface RateLimitStore {
  consume(subject: string, limits: Limits, now: number): Promise<Decision>;
  usage(subject: string, now: number): Promise<Usage>;
  /** Bans until `until`; `now` is the session clock's (a shared store sizes expiries with it). */
  ban(subject: string, until: number, now: number): Promise<void>;
  unban(subject: string): Promise<void>;
  /** Forget every counter and ban. */
  clear(): Promise<void>;
}
