import type { Change } from './change.js';
import { compareSchemas } from './compare-schemas.js';
import { ruleLevel, type DiffRuleId } from './diff-rules.js';
import { member } from './json-path.js';
import { isObject } from './schema-view.js';
import type { OperationEntry } from './operations.js';

type Responses = Record<string, unknown>;

/**
 * Statuses and success answers: a 2xx the old document promised must still be documented (exactly,
 * as a range, or by `default` where no 2xx is left), and its bodies read as before. An old `default`
 * that was the only success counts as a success too.
 */
export function compareResponses(before: OperationEntry, after: OperationEntry, out: Change[]): void {
  const old = responsesOf(before);
  const now = responsesOf(after);
  const path = member(before.path, 'responses');
  const emit = (rule: DiffRuleId, message: string, at: string): void => {
    out.push({ level: ruleLevel(rule), rule, operation: before.label, path: at, message });
  };
  const oldSuccesses = successKeys(old);
  for (const status of Object.keys(old)) {
    const at = member(path, status);
    if (oldSuccesses.includes(status)) {
      const match = successMatch(status, now);
      if (!match) {
        emit('success-status-removed', `the ${status} answer is no longer documented${documented(now)}`, at);
        continue;
      }
      compareBodies(old[status], now[match], status, before, at, out);
    } else if (!(status in now) && status !== 'default') {
      emit('error-status-removed', `the ${status} answer is no longer documented`, at);
    }
  }
  for (const status of Object.keys(now)) {
    if (!(status in old)) emit('response-status-added', `the ${status} answer is newly documented`, member(member(after.path, 'responses'), status));
  }
}

function compareBodies(before: unknown, after: unknown, status: string, entry: OperationEntry, at: string, out: Change[]): void {
  const oldContent = contentOf(before);
  const newContent = contentOf(after);
  for (const [media, value] of Object.entries(oldContent)) {
    const mediaPath = member(member(at, 'content'), media);
    const next = newContent[media];
    if (next === undefined) {
      if (Object.keys(newContent).length === 0 && media === '*/*') continue;
      out.push({ level: ruleLevel('response-media-type-removed'), rule: 'response-media-type-removed', operation: entry.label, path: mediaPath, message: `the ${status} answer no longer comes as ${media}` });
      continue;
    }
    compareSchemas((value as { schema?: unknown }).schema, (next as { schema?: unknown }).schema, {
      direction: 'response', operation: entry.label, path: member(mediaPath, 'schema'), field: 'body', where: ` in the ${status} answer (${media})`,
    }, out);
  }
}

function responsesOf(entry: OperationEntry): Responses {
  const responses = entry.operation.responses;
  return isObject(responses) ? (responses as Responses) : {};
}

function contentOf(response: unknown): Record<string, unknown> {
  const content = isObject(response) ? (response as { content?: unknown }).content : undefined;
  return isObject(content) ? (content as Record<string, unknown>) : {};
}

/** The 2xx keys (`200`, `2XX`), or `default` when it is the only thing a success could be. */
function successKeys(responses: Responses): string[] {
  const explicit = Object.keys(responses).filter((status) => /^2/.test(status));
  if (explicit.length > 0) return explicit;
  return 'default' in responses ? ['default'] : [];
}

/** The new answer that covers an old success status, or undefined. */
function successMatch(status: string, now: Responses): string | undefined {
  const successes = Object.keys(now).filter((s) => /^2/.test(s));
  if (status === 'default') return successes[0] ?? ('default' in now ? 'default' : undefined);
  if (status in now) return status;
  const range = `${status[0]}XX`;
  if (range in now || range.toLowerCase() in now) return range in now ? range : range.toLowerCase();
  return successes.length === 0 && 'default' in now ? 'default' : undefined;
}

function documented(now: Responses): string {
  const successes = Object.keys(now).filter((s) => /^2/.test(s));
  return successes.length > 0 ? ` (the new document has ${successes.join(', ')})` : '';
}
