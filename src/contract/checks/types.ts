import type { Exchange, Failure } from '../events.js';
import type { Operation } from '../../spec/operation-index.js';
import type { SchemaRegistry } from '../schema-registry.js';

/** What the engine learnt by reading a record back (a GET of a Location or of an item path). */
export interface ReadBack {
  /**
   * found: 2xx with the record; not-found: 404 (or absent from the successor's list); gone: 410
   * with no way to look; not-followed: the URL named another origin (reported by `link-origin`).
   */
  outcome: 'found' | 'not-found' | 'gone' | 'not-followed' | 'other';
  record?: unknown;
  /** The exchanges made to read it (the GET, and the successor's GET after a 410). */
  exchanges: Exchange[];
  /** The document's GET of the URL read, when it has one: its schema says which fields a read shows. */
  reader?: Operation;
}

export interface CheckContext {
  schemas: SchemaRegistry;
  /** Statuses this request expects (documented keys such as `'201'`); undefined when any documented one will do. */
  expectedStatuses?: readonly string[];
  /** The error `code` this request expects (`forbidden` for a read-only key writing). */
  expectedCode?: string;
  /** When the answer arrived, by the run's clock (epoch ms). */
  receivedAt: number;
  /** A refusal (429, 503) the polite client waited out and then sent again. */
  waitedOut?: boolean;
  /** The check a status this case expects is judged by (`ignored_auth` for a request without credentials); by default status-expected.ts picks it from the statuses. */
  expectedCheck?: string;
  /** The methods the document gives a path (lower-case), for allow_header_conformance. */
  documentedMethods?: (path: string) => readonly string[];
  /** `--max-response-time`: an answer slower than this many ms fails max_response_time. */
  maxResponseTimeMs?: number;
  /** A GET of a 201's Location, when the engine made one. */
  readBack?: ReadBack;
  /** The runner asked whether a record exists (a name it means to PUT): 404 is the answer it asked for. */
  existenceProbe?: boolean;
}

/**
 * A named check of the registry (registry.ts): its name (Schemathesis's where the meaning is the
 * same, else the kit's own in kebab-case), what it checks, and its basis: what in the document or
 * in HTTP makes the answer an error. Every failure's `check` is one of these names.
 */
export interface CheckInfo {
  readonly name: string;
  readonly checks: string;
  readonly basis: string;
}

/** A response check: one small function per file, run on every response of the run. */
export type Check = (exchange: Exchange, operation: Operation, context: CheckContext) => Failure[];

/**
 * A state check: the write that was made, and what reading the record back gave; `against` says
 * whether the read-back shows the write's answer (the default) or what it sent (decision 034).
 */
export type StateCheck = (subject: Exchange, readBack: ReadBack, operation: Operation, against?: 'answer' | 'sent') => Failure[];

export function describeRequest(exchange: Exchange): string {
  const url = new URL(exchange.request.url);
  return `${exchange.request.method} ${url.pathname}${url.search}`;
}
