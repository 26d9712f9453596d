import { createParser } from 'eventsource-parser';
import type { StreamItem, StreamRead } from './events.js';
import { RECORDED_TEXT_MAX_CHARS } from './response-body.js';

export interface StreamLimits {
  /** Items read before the runner stops reading (`--max-stream-items`). */
  maxItems: number;
  /** Time it reads for before it stops (`--max-stream-seconds`). */
  maxMs: number;
}

/**
 * Reads a streamed answer item by item (SSE through eventsource-parser, JSON Lines, json-seq)
 * until it ends, `maxItems` items have come, `maxMs` have passed or `maxBytes` were read; then
 * stops reading (the connection is cancelled). A frame that cannot be read is an item with a
 * problem, so the check names its index. The time limit is a timer: waiting on the target's
 * next bytes is waiting on the network, which no injected clock drives.
 */
export async function readStreamBody(response: Response, type: string, limits: StreamLimits, maxBytes: number): Promise<{ text: string; stream: StreamRead }> {
  const items: StreamItem[] = [];
  const add = (item: Omit<StreamItem, 'index'>) => {
    if (items.length < limits.maxItems) items.push({ index: items.length, ...item });
  };
  const feed = framer(type, add);
  let text = '';
  let bytes = 0;
  let end: StreamRead['end'] = 'ended';
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeUp = new Promise<'time'>((resolve) => (timer = setTimeout(() => resolve('time'), limits.maxMs)));
    try {
      for (;;) {
        const next = await Promise.race([reader.read(), timeUp]).catch((err: unknown) => ((err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError' ? ('time' as const) : Promise.reject(err)));
        if (next === 'time') {
          end = 'max-seconds';
          break;
        }
        if (next.done) {
          feed.flush();
          break;
        }
        bytes += next.value.byteLength;
        const chunk = decoder.decode(next.value, { stream: true });
        if (text.length < RECORDED_TEXT_MAX_CHARS) text += chunk.slice(0, RECORDED_TEXT_MAX_CHARS - text.length);
        feed.push(chunk);
        if (items.length >= limits.maxItems) {
          end = 'max-items';
          break;
        }
        if (bytes > maxBytes) {
          end = 'max-bytes';
          break;
        }
      }
    } finally {
      clearTimeout(timer);
      if (end !== 'ended') await reader.cancel().catch(() => {});
    }
  }
  return { text, stream: { type, items, end, bytes } };
}

export interface Framer {
  push(chunk: string): void;
  flush(): void;
}

/** Splits a sequential media type's text into items as it arrives (shared with the proxy). */
export function framer(mediaType: string, add: (item: Omit<StreamItem, 'index'>) => void): Framer {
  const type = mediaType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') {
    let retry: number | undefined;
    const parser = createParser({
      onEvent: (e) => add({ event: { data: e.data, ...(e.event !== undefined && { event: e.event }), ...(e.id !== undefined && { id: e.id }), ...(retry !== undefined && { retry }) } }),
      onRetry: (ms) => (retry = ms),
      onError: (error) => add({ problem: `a broken SSE frame (${error.type}${error.line !== undefined ? `: ${JSON.stringify(error.line.slice(0, 80))}` : ''})` }),
    });
    return { push: (chunk) => parser.feed(chunk), flush: () => parser.reset({ consume: true }) };
  }
  // JSON Lines split at line ends; json-seq (RFC 7464) at the RS byte before each text.
  const separator = type === 'application/json-seq' ? '\x1e' : '\n';
  let pending = '';
  const take = (piece: string) => {
    if (piece.trim() === '') return;
    try {
      add({ value: JSON.parse(piece) as unknown });
    } catch {
      add({ problem: `not JSON: ${JSON.stringify(piece.slice(0, 80))}` });
    }
  };
  return {
    push: (chunk) => {
      const parts = (pending + chunk).split(separator);
      pending = parts.pop()!;
      for (const part of parts) take(part);
    },
    flush: () => take(pending),
  };
}
