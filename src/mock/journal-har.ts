/**
 * A session's journal as a HAR 1.2 log (`GET /__admin/requests?format=har`), which
 * `petstore-kit verify` reads (docs/decisions/088-journal-as-har.md). Pure: the engine runs in browsers too.
 */
import type { JournalEntry } from './journal.js';

const CREATOR = { name: 'petstore-kit mock', version: '0.1.0' };

type NameValue = { name: string; value: string };

/**
 * Every answered request that still holds its headers and bodies, oldest first, at `origin`
 * (`http://127.0.0.1:4010`). Left out, and counted in the log's comment: the mock's own outgoing
 * calls (callbacks, webhooks), requests answered with no answer at all (a reset or empty fault),
 * and lines whose headers and bodies the journal no longer holds.
 */
export function journalAsHar(entries: readonly JournalEntry[], origin: string): object {
  const out: object[] = [];
  let left = 0;
  for (const entry of entries) {
    const exchange = entry.exchange;
    if (!exchange || entry.outgoing || entry.status === 0) {
      left += 1;
      continue;
    }
    const url = `${origin}${exchange.path}${exchange.query ? `?${exchange.query}` : ''}`;
    const requestType = header(exchange.requestHeaders, 'content-type');
    const answerType = header(exchange.responseHeaders, 'content-type');
    const time = entry.ms + (entry.delayMs ?? 0);
    out.push({
      startedDateTime: entry.time,
      time,
      request: {
        method: entry.method,
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(exchange.requestHeaders),
        queryString: [...new URLSearchParams(exchange.query)].map(([name, value]): NameValue => ({ name, value })),
        ...(exchange.requestBody !== undefined ? { postData: { mimeType: requestType, text: exchange.requestBody } } : {}),
        ...(exchange.notKept?.request ? { comment: `body not kept: ${exchange.notKept.request}` } : {}),
        headersSize: -1,
        bodySize: exchange.requestBody === undefined ? -1 : utf8Length(exchange.requestBody),
      },
      response: {
        status: entry.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: pairs(exchange.responseHeaders),
        content: exchange.responseBody !== undefined
          ? { size: utf8Length(exchange.responseBody), mimeType: answerType, text: exchange.responseBody }
          : { size: exchange.notKept?.response ? -1 : 0, mimeType: answerType, ...(exchange.notKept?.response ? { comment: `body not kept: ${exchange.notKept.response}` } : {}) },
        redirectURL: header(exchange.responseHeaders, 'location'),
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: time, receive: 0 },
    });
  }
  const comment = left > 0 ? `${left} journal line${left === 1 ? '' : 's'} left out: outgoing calls, answers never sent (reset, empty), or headers and bodies no longer kept` : undefined;
  return { log: { version: '1.2', creator: CREATOR, entries: out, ...(comment ? { comment } : {}) } };
}

function pairs(headers: readonly [string, string][]): NameValue[] {
  return headers.map(([name, value]) => ({ name, value }));
}

function header(headers: readonly [string, string][], name: string): string {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? '';
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
