import type { StoredRecord } from '../../store/record-store.js';
import type { BehaviourContext, OperationResult } from '../behaviour.js';

/** Takes the record out of its wrapper in a request body (`{article: {...}}`), or the body as is. */
export type RequestUnwrapper = (body: unknown) => unknown;

/** Writes the documented success answer for a record (crud-behaviour.ts's answerWriter). */
export type AnswerWriter = (record: StoredRecord | undefined, ctx: BehaviourContext, extra?: Record<string, string>, body?: unknown) => OperationResult;
