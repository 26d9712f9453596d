import type { Exchange, Failure } from '../contract/events.js';
import { parseBody, RECORDED_TEXT_MAX_CHARS } from '../contract/response-body.js';
import type { CredentialMasker } from './credential-masker.js';
import type { ProxiedExchange } from './violation-log.js';

/** One exchange as the proxy checked it: unmasked, and without the request body (no response check reads it). */
export interface CheckedExchange extends Omit<ProxiedExchange, 'exchange' | 'failures' | 'heldBytes'> {
  exchange: Exchange;
  failures: Failure[];
  /** The body as received, or (once kept) its start as text. */
  requestBody: Buffer | string | undefined;
  secrets: string[];
}

/** What a kept entry holds besides its bodies and failures (headers, URL, fields), roughly. */
const ENTRY_OVERHEAD_BYTES = 2048;
/** A parsed JSON body takes several times its text in memory: counted as this many bytes per character. */
const BYTES_PER_BODY_CHAR = 6;

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
  heldBytes: number;
  /** The size of the request body as received. */
  private readonly requestBytes: number;
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
    this.requestBytes = c.requestBody?.length ?? 0;
    this.heldBytes = ENTRY_OVERHEAD_BYTES + BYTES_PER_BODY_CHAR * (c.exchange.response.text.length + (c.requestBody?.length ?? 0)) + failuresSize(c.failures);
  }

  get exchange(): Exchange {
    return this.mask().exchange;
  }

  get failures(): Failure[] {
    return this.mask().failures;
  }

  /**
   * Cuts each body this entry holds to its first RECORDED_TEXT_MAX_CHARS characters, as the
   * runner keeps them, once the HAR and console have had it whole: the log holds thousands of
   * entries, and a large answer held whole (text and parsed JSON) costs megabytes. The start is
   * masked before it is cut, so a key cut in two at the end cannot escape the masking.
   */
  shrink(): void {
    const max = RECORDED_TEXT_MAX_CHARS;
    if (this.masked) {
      const { exchange } = this.masked;
      const { request, response } = exchange;
      const requestText = this.requestBytes <= max ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      this.masked = {
        ...this.masked,
        exchange: {
          ...exchange,
          request: requestText !== undefined && requestText.length > max ? { ...request, body: cut(requestText, max) } : request,
          response: response.text.length > max ? { ...response, body: undefined, text: detached(response.text, max), fullLength: response.fullLength ?? response.text.length } : response,
        },
      };
    } else {
      const c = this.checked!;
      const { response } = c.exchange;
      const requestBody = c.requestBody !== undefined && c.requestBody.length > max ? cut(this.maskedStart(c.requestBody.toString(), c.secrets), max) : c.requestBody;
      const kept = response.text.length > max ? { ...response, body: undefined, text: detached(this.maskedStart(response.text, c.secrets), max), fullLength: response.text.length } : response;
      this.checked = { ...c, requestBody, exchange: { ...c.exchange, response: kept } };
    }
    const { exchange, failures } = this.masked ?? this.checked!;
    const requestChars = Math.min(this.requestBytes, max + 64);
    const parsedChars = exchange.response.body === undefined ? 0 : exchange.response.text.length;
    this.heldBytes = ENTRY_OVERHEAD_BYTES + 2 * exchange.response.text.length + BYTES_PER_BODY_CHAR * (parsedChars + requestChars) + failuresSize(failures);
  }

  /** The start of `text`, past where a cut at RECORDED_TEXT_MAX_CHARS falls by the longest form of a key, masked. */
  private maskedStart(text: string, secrets: readonly string[]): string {
    return this.masker.maskText(text.slice(0, RECORDED_TEXT_MAX_CHARS + this.masker.longestForm(secrets)), secrets);
  }

  private mask(): { exchange: Exchange; failures: Failure[] } {
    if (this.masked) return this.masked;
    const { exchange, failures, requestBody, secrets } = this.checked!;
    const request = requestBody !== undefined ? { ...exchange.request, body: typeof requestBody === 'string' ? requestBody : parseBody(requestBody.toString('utf8'), `${this.method} ${this.requestPath}`).body } : exchange.request;
    this.masked = { exchange: this.masker.maskExchange({ ...exchange, request }, secrets), failures: this.masker.mask(failures, secrets) };
    this.checked = undefined; // the unmasked copy goes: only the masked one is held from here on
    return this.masked;
  }
}

function cut(text: string, max: number): string {
  return detached(`${text.slice(0, max)}\n… (${text.length - max} more characters not kept)`, max + 64);
}

/**
 * The first `max` characters of `text` as a string of their own: V8's `slice` keeps the whole
 * string it was cut from alive (a 780 KB answer held for its first 64 KB), a copy through bytes does not.
 */
function detached(text: string, max: number): string {
  return Buffer.from(text.slice(0, max), 'utf8').toString('utf8');
}

function failuresSize(failures: readonly Failure[]): number {
  let chars = 0;
  for (const f of failures) chars += f.check.length + f.message.length + (f.expected?.length ?? 0) + (f.actual?.length ?? 0) + (f.location?.length ?? 0) + 64;
  return 2 * chars;
}
