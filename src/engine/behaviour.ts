import type { Faker } from '@faker-js/faker';
import type { Operation } from '../spec/operation-index.js';
import type { RecordStore } from '../store/record-store.js';
import type { ValidRequest } from '../validation/request-validator.js';
import type { ItemStream } from './stream-items.js';

/** What a behaviour sees of its session: each pack's own state, and the records of inferred resources. */
export interface SessionState {
  /** By pack name; only the packs that claimed an operation of the document have one. */
  readonly packs: ReadonlyMap<string, unknown>;
  readonly records: RecordStore;
}

export interface BehaviourContext {
  operation: Operation;
  valid: ValidRequest;
  state: SessionState;
  /** The session clock's reading for this request (epoch ms). */
  now: number;
  /** The request path as received (no query string), for `Location`. */
  path: string;
  /** The request's lower-cased headers (`Prefer`, content negotiation). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The headers the pipeline has already set on the answer (rate limits, `Date`); a behaviour does not replace them. */
  answerHeaders: Readonly<Record<string, string>>;
  /** The mock's seeded faker, for generated answers. */
  faker: Faker;
}

export interface OperationResult {
  status: number;
  /** A JSON value; or, with a `contentType` that is not JSON, a string or bytes sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The media type when not `application/json`. */
  contentType?: string;
  /** A streamed answer (SSE, JSON Lines, json-seq) in place of `body`: its items, paced by the mock. */
  stream?: ItemStream;
  /** For lists paged by `limit`/`offset`: what the pipeline needs to add `X-Total-Count` and `Link`. */
  page?: { total: number; limit: number; offset: number };
  /** Events the operation's rules fired (a pack's, declared by its `events`): sent as webhooks once a 2xx answer is made. */
  events?: readonly FiredEvent[];
}

/** One event a behaviour fired: the webhook's name and the body it is sent with. */
export interface FiredEvent {
  name: string;
  body: unknown;
}

export type OperationHandler = (ctx: BehaviourContext) => Promise<OperationResult>;

/**
 * How one operation is served, chosen once at load. `kind` is what start-up and
 * `GET /__admin/operations` print: a pack's name, `crud:create|list|read|replace|update|delete`,
 * `example` or `generated`.
 */
export interface Behaviour {
  readonly kind: string;
  /** The resource of a crud behaviour, else undefined. */
  readonly resource?: string;
  /** Why an `unservable` operation cannot be served. */
  readonly reason?: string;
  /** The body fields checked to name an existing record, as `field->resource` (`ownerId->owners`). */
  readonly references?: readonly string[];
  /** The record the path of an operation that is no CRUD action addresses, as `param->resource` (404 when absent). */
  readonly addresses?: string;
  /** What start-up should say about how the operation is served (an example not served, and why). */
  readonly note?: string;
  readonly handle: OperationHandler;
}
