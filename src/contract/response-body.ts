import type { Failure } from './events.js';

/** The body text kept in a recorded exchange (reports cut it further); the checks see all of it. */
export const RECORDED_TEXT_MAX_CHARS = 64 * 1024;
/** Deeper JSON is not parsed: the checks, diffs and report writers recurse, and a stack has an end. */
export const MAX_JSON_DEPTH = 256;

export interface ReadBody {
  /** The start of the body, at most RECORDED_TEXT_MAX_CHARS characters. */
  text: string;
  /** Parsed JSON, the text when it is not JSON, undefined when empty or refused. */
  body: unknown;
  /** The body's length in characters when `text` holds only its start. */
  fullLength?: number;
  /** Why the body was not taken in full (too large, too deep): a failure of the case. */
  problem?: Failure;
}

/**
 * Reads a body as a stream, counting bytes after decompression (fetch decodes gzip, deflate and
 * br as they arrive), and stops at `maxBytes`: the rest is never read, so a target cannot make
 * the runner hold more than that per answer whatever it sends.
 */
export async function readResponseBody(response: Response, maxBytes: number, where: string): Promise<ReadBody> {
  if (!response.body) return { text: '', body: undefined };
  const reader = response.body.getReader();
  // Bytes, decoded once at the end: decoding as they come would leave a string per chunk behind.
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      return {
        ...recorded(decodeStart(chunks, RECORDED_TEXT_MAX_CHARS)),
        body: undefined,
        problem: {
          check: 'response-size',
          message: `${where}: response too large: more than ${maxBytes} bytes (after decompression); the runner stopped reading it (--max-response-bytes)`,
          expected: `at most ${maxBytes} bytes`,
          actual: `more than ${maxBytes} bytes`,
          location: 'body',
        },
      };
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks, bytes));
  chunks.length = 0;
  const kept = recorded(text);
  const parsed = parseBody(text, where);
  // The exchange keeps only the start of a long text: the parsed whole stands for that start too.
  if (kept.fullLength !== undefined) remember(parsed.body, kept.text);
  return { ...kept, ...parsed };
}

/** The text of the first `max` bytes (a character cut in two at the end is dropped). */
function decodeStart(chunks: readonly Uint8Array[], max: number): string {
  const start: Uint8Array[] = [];
  let taken = 0;
  for (const chunk of chunks) {
    if (taken >= max) break;
    const piece = chunk.subarray(0, max - taken);
    start.push(piece);
    taken += piece.byteLength;
  }
  return new TextDecoder().decode(Buffer.concat(start, taken), { stream: true });
}

function recorded(text: string): { text: string; fullLength?: number } {
  return text.length <= RECORDED_TEXT_MAX_CHARS ? { text } : { text: text.slice(0, RECORDED_TEXT_MAX_CHARS), fullLength: text.length };
}

/** JSON when the text is JSON (and not nested past MAX_JSON_DEPTH), else the text; a problem for too deep. */
export function parseBody(text: string, where: string): { body: unknown; problem?: Failure } {
  if (text.length === 0) return { body: undefined };
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    return {
      body: undefined,
      problem: {
        check: 'response-depth',
        message: `${where}: the body nests ${depth} levels deep; the runner does not parse JSON deeper than ${MAX_JSON_DEPTH} levels`,
        expected: `at most ${MAX_JSON_DEPTH} levels`,
        actual: `${depth} levels`,
        location: 'body',
      },
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { body: text };
  }
  remember(body, text);
  return { body };
}

/**
 * The text each parsed body came from (or the recorded start of it, when the text was longer than
 * RECORDED_TEXT_MAX_CHARS), so a check about to parse that same text again can take the value.
 */
const parsedFrom = new WeakMap<object, string>();

function remember(body: unknown, text: string): void {
  if (body !== null && typeof body === 'object') parsedFrom.set(body, text);
}

/**
 * JSON.parse(text), throwing as it does; when `body` is what parseBody made of that very text (or of
 * the whole of which `text` is the recorded start), that value instead of a second parse
 * (body-schema validates the text of a body parseBody already read).
 */
export function jsonOf(text: string, body: unknown): unknown {
  if (body !== null && typeof body === 'object' && parsedFrom.get(body) === text) return body;
  return JSON.parse(text);
}

/** How deep the brackets of a JSON text nest, outside strings; one pass, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}
