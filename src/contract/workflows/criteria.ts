import vm from 'node:vm';
import type { CriterionObject } from '@redocly/openapi-core';
import { query, type JsonValue } from 'jsonpath-rfc9535';
import { ConditionSyntaxError, evaluateCondition, show } from './simple-condition.js';
import { evaluate, type WorkflowScope } from './workflow-expression.js';

/** The outcome of one criterion: met, or why not, in words for the report. */
export type CriterionOutcome = { met: true } | { met: false; why: string };

/** The kind of a criterion: `simple` unless typed (`regex`, `jsonpath`, or an Expression Type Object). */
export function criterionType(criterion: CriterionObject): string {
  const type = criterion.type ?? 'simple';
  return typeof type === 'string' ? type : type.type;
}

/** Why the runner cannot evaluate a criterion (an XPath one), or undefined when it can. */
export function unsupportedCriterion(criterion: CriterionObject): string | undefined {
  const type = criterionType(criterion);
  if (type === 'xpath') return `criterion "${criterion.condition}" is XPath, which the runner does not evaluate (JSON answers only)`;
  if (type !== 'simple' && type !== 'regex' && type !== 'jsonpath') return `criterion "${criterion.condition}" has type ${type}, which Arazzo 1.0 does not define`;
  if ((type === 'regex' || type === 'jsonpath') && !criterion.context) return `criterion "${criterion.condition}" is ${type} without a context`;
  return undefined;
}

/**
 * Evaluates one criterion against the step's scope: a simple condition (simple-condition.ts), a
 * regular expression (ECMA-262) tested on the context's value, or a JSONPath query (RFC 9535, by
 * jsonpath-rfc9535) on it that must select something. Both JSONPath versions Arazzo names are
 * evaluated as RFC 9535, its successor.
 */
export function checkCriterion(criterion: CriterionObject, scope: WorkflowScope): CriterionOutcome {
  const type = criterionType(criterion);
  if (type === 'simple') {
    try {
      const { met, seen } = evaluateCondition(criterion.condition, (text) => evaluate(text, scope));
      return met ? { met } : { met, why: seen.length > 0 ? seen.join(', ') : 'it is false' };
    } catch (err) {
      if (err instanceof ConditionSyntaxError) return { met: false, why: `the condition cannot be read: ${err.message}` };
      throw err;
    }
  }
  const context = evaluate(criterion.context!, scope);
  if ('missing' in context) return { met: false, why: context.missing };
  if (type === 'regex') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(criterion.condition, 'u');
    } catch (err) {
      return { met: false, why: `not a regular expression (${(err as Error).message})` };
    }
    const text = typeof context.value === 'string' ? context.value : JSON.stringify(context.value);
    const matched = boundedTest(pattern, text);
    if (matched === 'timed out') return { met: false, why: `the regular expression ran past ${REGEX_LIMIT_MS} ms on ${criterion.context} (${text.length} characters) and was stopped` };
    return matched ? { met: true } : { met: false, why: `${criterion.context} = ${show(context.value)}` };
  }
  try {
    const selected = query(context.value as JsonValue, criterion.condition);
    return selected.length > 0 ? { met: true } : { met: false, why: `it selects nothing in ${criterion.context} = ${show(context.value)}` };
  } catch (err) {
    return { met: false, why: `not an RFC 9535 JSONPath (${(err as Error).message.split('\n')[0]})` };
  }
}

/** How long one regex criterion may run: `^(a+)+$` on 40 characters backtracks for minutes (issue 22). */
export const REGEX_LIMIT_MS = 1000;
let regexContext: vm.Context | undefined;

/**
 * `pattern.test(text)` stopped after REGEX_LIMIT_MS. A vm time-out interrupts V8's backtracking and
 * keeps ECMA-262 semantics (lookarounds, backreferences), which a linear-time engine (RE2) would not.
 */
function boundedTest(pattern: RegExp, text: string): boolean | 'timed out' {
  regexContext ??= vm.createContext({});
  regexContext['pattern'] = pattern;
  regexContext['text'] = text;
  try {
    return vm.runInContext('pattern.test(text)', regexContext, { timeout: REGEX_LIMIT_MS }) as boolean;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return 'timed out';
    throw err;
  } finally {
    regexContext['pattern'] = regexContext['text'] = undefined;
  }
}

/** `$statusCode == 201` (simple), `^2 (regex on $statusCode)`: a criterion as a report names it. */
export function describeCriterion(criterion: CriterionObject): string {
  const type = criterionType(criterion);
  return type === 'simple' ? criterion.condition : `${criterion.condition} (${type} on ${criterion.context})`;
}
