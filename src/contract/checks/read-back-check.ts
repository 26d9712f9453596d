import { documentedBodyProperty } from '../documented-response.js';
import { namedAsWrapper, unwrapRecord, wrapperNames } from '../../spec/record-wrapper.js';
import { answeredRecord, answerSchema, answerWrapper, recordSchemaOf, requestWrapper, sentRecord, shownProperties } from '../record-bodies.js';
import type { Failure } from '../events.js';
import type { ReadBack, StateCheck } from './types.js';
import { describeRequest } from './types.js';
import { firstDifference, sentFields } from './value-diff.js';

/** The words a state check uses for its failures. */
export interface ReadBackWording {
  /** `the created record does not keep the ${field} that was sent` */
  fieldNotKept: (field: string) => string;
  /** `the created record does not read back` */
  notReadBack: string;
  /** `the record reads back different from what the 201 said` */
  readsBackDifferent: string;
  /** The check a record that does not read back at all fails (ensure_resource_availability after a create). */
  notReadBackCheck?: string;
}

/**
 * A check that a write took: the answer keeps every field the request sent that its documented
 * schema names (many APIs answer a create with `{id}` alone), and reading the record back gives
 * every field of the answer again (a read may say more than the write's answer). Records wrapped
 * in one property (`{article: {...}}`) are compared inside it. Where the reader shows what the
 * write sent rather than what it answered (`against: 'sent'`), the read-back is compared with that.
 * `stateCreated` and `stateUpdated` differ only in their words.
 */
export function readBackCheck(check: string, words: ReadBackWording): StateCheck {
  return (subject, readBack, operation, against = 'answer') => {
    const where = describeRequest(subject);
    const failures: Failure[] = [];
    const { status } = subject.response;
    const answered = answeredRecord(operation, status, subject.response.body);
    const sent = sentRecord(operation, subject.request.body);
    const wrapper = answerWrapper(operation, status);
    const named = (field: string) => (wrapper ? recordSchemaOf(answerSchema(operation, status), operation.path)?.properties?.[field] : documentedBodyProperty(operation, status, field));
    // A write answered without a body (a `PUT` documented with no content): the read-back says instead.
    const bodiless = answered === undefined || answered === '';
    for (const [field, value] of Object.entries(bodiless || against === 'sent' ? {} : sentFields(sent))) {
      const answers = isObject(answered) && field in answered;
      if (!answers && !named(field)) continue;
      const diff = firstDifference(value, (answered as Record<string, unknown> | undefined)?.[field], `$.${field}`);
      if (diff) failures.push({ check, message: `${where}: ${words.fieldNotKept(field)}`, expected: diff.expected, actual: diff.actual, location: diff.path });
    }
    if (readBack.outcome === 'gone' || readBack.outcome === 'not-followed') return failures;
    if (readBack.outcome !== 'found') {
      const status = readBack.exchanges.at(-1)?.response.status;
      failures.push({ check: words.notReadBackCheck ?? check, message: `${where}: ${words.notReadBack}`, expected: 'the record', actual: `status ${status ?? 'none'}` });
      return failures;
    }
    const expected = shownBy(readBack, against === 'sent' ? sent : bodiless ? sentFields(sent) : answered);
    const record = readRecord(readBack.record, wrapper ?? requestWrapper(operation), expected, operation.path);
    const diff = firstDifference(expected, isObject(expected) && isObject(record) ? pick(record, Object.keys(expected)) : record);
    if (diff) failures.push({ check, message: `${where}: ${words.readsBackDifferent}`, expected: diff.expected, actual: diff.actual, location: diff.path });
    return failures;
  };
}

/**
 * The record a reader answered: inside the write's wrapper where the write wraps (the same
 * resource's body); else inside the reader's own one-property wrapper named after the resource,
 * where the write answers the record bare (AWS: `POST /app-instances` answers `{AppInstanceArn}`,
 * `GET /app-instances/{arn}` answers `{AppInstance: {AppInstanceArn, Name}}`).
 */
function readRecord(body: unknown, wrapper: string | undefined, expected: unknown, path: string): unknown {
  if (wrapper) return unwrapRecord(body, wrapper);
  if (!isObject(body)) return body;
  const keys = Object.keys(body);
  const only = keys.length === 1 ? keys[0]! : undefined;
  if (only === undefined || !namedAsWrapper(only, wrapperNames(path)) || (isObject(expected) && only in expected)) return body;
  return unwrapRecord(body, only);
}

/**
 * What a read can be expected to show of a record: the fields its documented record names, where
 * it names any. VTEX's GET of a document names `{campo1, campo2, campo3}`; the POST answers
 * `{Href, Id}` and the PUT sends `{Boolean, ...}`: "absent" on read was the document's own word,
 * not the target's fault.
 */
function shownBy(readBack: ReadBack, expected: unknown): unknown {
  const status = readBack.exchanges.at(-1)?.response.status;
  const shown = readBack.reader && status !== undefined ? shownProperties(readBack.reader, status) : undefined;
  if (!shown || !isObject(expected)) return expected;
  return Object.fromEntries(Object.entries(expected).filter(([field]) => shown.has(field)));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}
