import type { Exchange, Failure } from '../contract/events.js';
import { parseBody } from '../contract/response-body.js';
import type { CredentialMasker } from './credential-masker.js';
import type { ProxiedExchange } from './violation-log.js';

/** One exchange as the proxy checked it: unmasked, and without the request body (no response check reads it). */
export interface CheckedExchange extends Omit<ProxiedExchange, 'exchange' | 'failures'> {
  exchange: Exchange;
  failures: Failure[];
  requestBody: Buffer | undefined;
  secrets: string[];
}

/**
 * The record of an exchange as everything outside the proxy sees it (the log, HAR, console,
 * reports): the request body parsed in, then every credential masked. Built on first read and
 * kept, so a request nobody looks at again (most of them, on the hot path) pays for neither.
 */
export class MaskedEntry implements ProxiedExchange {
  readonly startedAt: number;
  readonly operationId: string | undefined;
  readonly path: string;
  readonly method: string;
  readonly requestPath: string;
  readonly status: number;
  readonly violationCount: number;
  private masked: { exchange: Exchange; failures: Failure[] } | undefined;

  constructor(
    private checked: CheckedExchange | undefined,
    private readonly masker: CredentialMasker,
  ) {
    const c = checked!;
    this.startedAt = c.startedAt;
    this.operationId = c.operationId;
    this.path = c.path;
    this.method = c.method;
    this.requestPath = c.requestPath;
    this.status = c.status;
    this.violationCount = c.failures.length;
  }

  get exchange(): Exchange {
    return this.mask().exchange;
  }

  get failures(): Failure[] {
    return this.mask().failures;
  }

  private mask(): { exchange: Exchange; failures: Failure[] } {
    if (this.masked) return this.masked;
    const { exchange, failures, requestBody, secrets } = this.checked!;
    const request = requestBody ? { ...exchange.request, body: parseBody(requestBody.toString('utf8'), `${this.method} ${this.requestPath}`).body } : exchange.request;
    this.masked = { exchange: this.masker.mask({ ...exchange, request }, secrets), failures: this.masker.mask(failures, secrets) };
    this.checked = undefined; // the unmasked copy goes: only the masked one is held from here on
    return this.masked;
  }
}
