/**
 * Failures grouped by cause (INTERFACE section 16, decision 067): failures with the same check,
 * operation and location are one problem, listing every case that shows it. A document whose
 * answers all lack one required field is then one problem of 61 cases, not 61 failures.
 */
import type { CaseResult, Exchange, FailedRequest, Failure } from '../contract/events.js';

/** A case that shows a problem. */
export interface ProblemCase {
  /** The case's position in the run (0-based): its index in report.json's `cases`. */
  index: number;
  id: string;
  title: string;
  /** The request of this case whose answer failed. */
  request?: FailedRequest;
}

export interface Problem {
  check: string;
  /** The operation of the request that failed (the case's own when the request is not known). */
  operationId: string;
  /** Where in the answer, array positions as `[*]` (`$.items[*].name`): the schema's place, not one item's. */
  location?: string;
  /** The first case's failure, as an example of the problem. */
  message: string;
  expected?: string;
  actual?: string;
  /** The request that failed in the first case. */
  request?: FailedRequest;
  /** A shrunk repro script of a generated case that shows the problem, when one has it. */
  repro?: string;
  /** How many cases show it (`cases.length`). */
  count: number;
  cases: ProblemCase[];
}

/** The request a failure is about: the one it names, else the case's last request that was not clean-up. */
export function failedRequest(c: CaseResult, failure: Failure | undefined): FailedRequest | undefined {
  if (failure?.request) return failure.request;
  const exchange = [...c.exchanges].reverse().find((e) => !e.cleanup) ?? c.exchanges.at(-1);
  return exchange ? requestOf(exchange) : undefined;
}

function requestOf(exchange: Exchange): FailedRequest {
  const { method, url } = exchange.request;
  return { method, url, status: exchange.response.status, ...(exchange.operationId ? { operationId: exchange.operationId } : {}) };
}

/** `POST http://host/pets -> 201`. */
export function describeRequest(request: FailedRequest): string {
  return `${request.method.toUpperCase()} ${request.url} -> ${request.status}`;
}

/** A JSON path with array positions made `[*]`, so the same schema place in every item is one location. */
export function schemaLocation(location: string | undefined): string | undefined {
  return location?.replace(/\[\d+\]/g, '[*]');
}

/** Collects problems as cases finish; keeps per failed case only its index, id, title and request. */
export class ProblemIndex {
  private readonly byKey = new Map<string, Problem>();

  add(c: CaseResult, index: number): void {
    if (c.status !== 'failed') return;
    const failures: Failure[] = c.failures.length > 0 ? c.failures : [{ check: '(none named)', message: c.reason ?? 'the case failed' }];
    for (const failure of failures) {
      const request = failedRequest(c, failure);
      const operationId = request?.operationId ?? c.operationId;
      const location = schemaLocation(failure.location);
      const key = JSON.stringify([failure.check, operationId, location ?? null]);
      let problem = this.byKey.get(key);
      if (!problem) {
        problem = {
          check: failure.check,
          operationId,
          ...(location !== undefined ? { location } : {}),
          message: failure.message,
          ...(failure.expected !== undefined ? { expected: failure.expected } : {}),
          ...(failure.actual !== undefined ? { actual: failure.actual } : {}),
          ...(request ? { request } : {}),
          count: 0,
          cases: [],
        };
        this.byKey.set(key, problem);
      }
      // A case shows a problem once, however many of its failures fall under it.
      if (problem.cases.at(-1)?.index === index) continue;
      problem.cases.push({ index, id: c.id, title: c.title, ...(request ? { request } : {}) });
      problem.count += 1;
      if (problem.repro === undefined && c.repro !== undefined) problem.repro = c.repro;
    }
  }

  /** Most cases first; equal counts in the order they were first seen. */
  list(): Problem[] {
    return [...this.byKey.values()].sort((a, b) => b.count - a.count);
  }

  get size(): number {
    return this.byKey.size;
  }
}
