import { ApiError } from '../../core/errors.js';
import { MAX_DELAY_MS } from './latency-rule.js';

/**
 * `Prefer: delay=MS` (as Prism's and WireMock's users ask for a slow answer): the wait for this
 * one request, over any latency set. Over 60 s is a 400, since a client asking for it is wrong;
 * a value that is not a number of milliseconds is ignored, as RFC 7240 says of what is not understood.
 */
export function preferredDelay(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!/delay/i.test(text)) return undefined;
  const match = /(?:^|[,;\s])delay\s*=\s*"?(\d+)"?(?:$|[,;\s])/i.exec(text);
  if (!match) return undefined;
  const given = match[1]!;
  const ms = Number(given);
  if (ms > MAX_DELAY_MS) {
    throw new ApiError('validation_failed', `Prefer: delay=${given.slice(0, 20)} is over the longest wait, ${MAX_DELAY_MS} ms`, {
      details: [{ path: '/header/prefer', message: `delay must be at most ${MAX_DELAY_MS} milliseconds` }],
    });
  }
  return ms;
}
