import type { Document } from '../spec/openapi.js';
import type { Change } from './change.js';
import { compareRequests } from './compare-requests.js';
import { compareResponses } from './compare-responses.js';
import { compareSecurity } from './compare-security.js';
import { ruleLevel } from './diff-rules.js';
import { operationsOf, type OperationEntry } from './operations.js';
import { LEVELS } from './change.js';

/**
 * Every change from `before` to `after` (both dereferenced, as the loader gives them), most
 * severe first. `now` decides whether a removed operation's `x-sunset` has passed.
 */
export function compareDocuments(before: Document, after: Document, now: number): Change[] {
  const out: Change[] = [];
  compareServers(before, after, out);
  const oldOperations = operationsOf(before);
  const newOperations = operationsOf(after);
  for (const [key, entry] of oldOperations) {
    const next = newOperations.get(key);
    if (!next) {
      out.push(removal(entry, now));
      continue;
    }
    if (entry.operation.deprecated !== true && next.operation.deprecated === true) {
      out.push({ level: ruleLevel('operation-deprecated'), rule: 'operation-deprecated', operation: entry.label, path: next.path, message: `${entry.label} is now deprecated${sunsetOf(next) ? ` (sunset ${sunsetOf(next)})` : ''}` });
    }
    compareRequests(entry, next, out);
    compareResponses(entry, next, out);
    compareSecurity(before, entry, after, next, out);
  }
  for (const [key, entry] of newOperations) {
    if (!oldOperations.has(key)) out.push({ level: ruleLevel('operation-added'), rule: 'operation-added', operation: entry.label, path: entry.path, message: `${entry.label} was added` });
  }
  return out.sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
}

/** Removing a deprecated operation is a warning once its sunset has passed (by `now`), breaking before. */
function removal(entry: OperationEntry, now: number): Change {
  const base = { operation: entry.label, path: entry.path };
  if (entry.operation.deprecated !== true) {
    return { ...base, level: ruleLevel('operation-removed'), rule: 'operation-removed', message: `${entry.label} was removed without being deprecated first` };
  }
  const sunset = sunsetOf(entry);
  const at = sunset === undefined ? Number.NaN : Date.parse(sunset);
  if (Number.isNaN(at)) {
    return { ...base, level: ruleLevel('deprecated-operation-removed'), rule: 'deprecated-operation-removed', message: `${entry.label} was removed; it was deprecated, with no x-sunset date` };
  }
  const today = new Date(now).toISOString();
  if (at <= now) {
    return { ...base, level: ruleLevel('deprecated-operation-removed-after-sunset'), rule: 'deprecated-operation-removed-after-sunset', message: `${entry.label} was removed; it was deprecated and its sunset ${sunset} has passed (now ${today})` };
  }
  return { ...base, level: ruleLevel('deprecated-operation-removed-before-sunset'), rule: 'deprecated-operation-removed-before-sunset', message: `${entry.label} was removed before its sunset ${sunset} (now ${today})` };
}

function sunsetOf(entry: OperationEntry): string | undefined {
  const value = entry.operation['x-sunset'];
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : undefined;
}

function compareServers(before: Document, after: Document, out: Change[]): void {
  const old = before.servers?.[0]?.url;
  const now = after.servers?.[0]?.url;
  if (old === undefined || now === undefined || old.replace(/\/+$/, '') === now.replace(/\/+$/, '')) return;
  out.push({ level: ruleLevel('server-url-changed'), rule: 'server-url-changed', operation: '', path: '$.servers[0].url', message: `the first server URL changed from ${old} to ${now}` });
}
