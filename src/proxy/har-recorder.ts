import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { STATUS_CODES } from 'node:http';
import type { ProxiedExchange } from './violation-log.js';

export interface HarRecorder {
  add(entry: ProxiedExchange): void;
  /** Ends the file (the closing brackets): a HAR viewer can open it from then on. */
  close(): Promise<void>;
}

const CREATOR = { name: 'petstore-kit proxy', version: '0.1.0' };

/**
 * `--record FILE.har`: every exchange as a HAR 1.2 entry, streamed to the file as it happens (an
 * end-to-end suite can run for hours; nothing is held in memory). The exchanges arrive already
 * masked (credentials and echoes of them), so the file holds no credential.
 */
export async function startHarRecorder(file: string): Promise<HarRecorder> {
  await mkdir(dirname(file), { recursive: true });
  const stream: WriteStream = createWriteStream(file, { encoding: 'utf8' });
  await once(stream, 'open');
  stream.write(`{"log":{"version":"1.2","creator":${JSON.stringify(CREATOR)},"entries":[\n`);
  let count = 0;
  return {
    add(entry) {
      stream.write(`${count > 0 ? ',\n' : ''}${JSON.stringify(harEntry(entry))}`);
      count += 1;
    },
    async close() {
      stream.end('\n]}}\n');
      await once(stream, 'finish');
    },
  };
}

type NameValue = { name: string; value: string };

function harEntry({ exchange, startedAt }: ProxiedExchange): object {
  const { request, response } = exchange;
  const url = new URL(request.url);
  const requestText = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return {
    startedDateTime: new Date(startedAt).toISOString(),
    time: exchange.durationMs,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(request.headers),
      queryString: [...url.searchParams].map(([name, value]): NameValue => ({ name, value })),
      ...(requestText !== undefined ? { postData: { mimeType: request.headers['content-type'] ?? '', text: requestText } } : {}),
      headersSize: -1,
      bodySize: requestText === undefined ? 0 : Buffer.byteLength(requestText),
    },
    response: {
      status: response.status,
      statusText: STATUS_CODES[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(response.headers),
      content: { size: Buffer.byteLength(response.text), mimeType: response.headers['content-type'] ?? '', text: response.text },
      redirectURL: response.headers.location ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
  };
}

function pairs(headers: Readonly<Record<string, string>>): NameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}
