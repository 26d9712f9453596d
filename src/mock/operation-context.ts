import type { Operation } from '../spec/operation-index.js';
import type { ValidRequest } from '../validation/request-validator.js';
import type { Session } from './session.js';

export interface OperationContext {
  operation: Operation;
  valid: ValidRequest;
  session: Session;
  /** The session clock's reading for this request (epoch ms). */
  now: number;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** For lists: what the pipeline needs to add `X-Total-Count` and `Link`. */
  page?: { total: number; limit: number; offset: number };
}

/** The behaviour of one operation that the document cannot express, keyed by operationId. */
export type OperationHandler = (ctx: OperationContext) => Promise<OperationResult>;
