import type { NetworkFault } from './faults.js';

/** How the answer's connection is to break; `ms` is a drip's duration. */
export interface NetworkBreak {
  type: NetworkFault;
  ms?: number;
}

/** A request as the pipeline sees it: no Express, no node:http. */
export interface MockRequest {
  /** Upper-case. */
  method: string;
  /** The raw path, without the query string. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Lower-cased header names, as node:http gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  clientAddress: string;
  /**
   * Reads the whole body, at most `limit` bytes; rejects with ApiError payload_too_large beyond.
   * Resolves no bytes when there is none. Bytes, not a Buffer: the engine runs in browsers too
   * (a Node Buffer is a Uint8Array, so the HTTP layer hands its Buffer over as it is).
   */
  readBody(limit: number): Promise<Uint8Array>;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or undefined for no body (204). For HEAD the HTTP layer sends the headers only. */
  body: unknown;
  /** The media type when not `application/json`; a body of a non-JSON type is a string or bytes, sent as is. */
  contentType?: string;
  /** A network fault taken by this request: the HTTP layer breaks the connection so (src/http/break-connection.ts). */
  network?: NetworkBreak;
  /**
   * A streamed answer's frames (SSE events, JSON lines, json-seq texts) as the session's clock
   * lets them out; sent as they come, without Content-Length, in place of `body`.
   */
  stream?: AsyncIterable<string>;
  /** What the journal recorded, for the request log: the path as shown (long ones cut), time in the pipeline, the masked key. */
  meta?: { path: string; ms: number; key: string | null; session: string };
}
