import type { ArazzoDefinition, Parameter, Step, Workflow } from '@redocly/openapi-core';
import type { Operation } from '../../spec/operation-index.js';
import type { SecuritySchemes } from '../credential-placement.js';
import type { RequestTemplate, ValueSource } from '../request-template.js';
import { evaluateValue, type WorkflowScope } from './workflow-expression.js';

/** The step's request cannot be made: an expression names nothing, a path parameter has no value. */
export class StepRequestError extends Error {}

type Located = { in: string; name: string; value: unknown };

/**
 * The request a step makes, as a plan template: the workflow's parameters with the step's over
 * them (by name and location), `reference`s to `components.parameters` resolved, every value's
 * runtime expressions evaluated, and the JSON payload with its replacements applied. The run's
 * credentials go where the operation's security says, unless the step sets that credential itself
 * (a token read from an earlier answer, say).
 */
export function stepRequest(step: Step, workflow: Workflow, operation: Operation, document: ArazzoDefinition, schemes: SecuritySchemes, scope: WorkflowScope): RequestTemplate {
  const parameters = new Map<string, Located>();
  for (const raw of [...(workflow.parameters ?? []), ...(step.parameters ?? [])]) {
    const parameter = resolveParameter(raw, document, step.stepId);
    const location = parameter.in ?? operation.parameters.find((p) => p.name === parameter.name)?.in;
    if (!location) throw new StepRequestError(`parameter ${parameter.name} has no \`in\` and ${operation.operationId} declares no parameter of that name`);
    const value = evaluateValue(parameter.value, scope);
    if ('missing' in value) throw new StepRequestError(`parameter ${parameter.name}: ${value.missing}`);
    // Header names are case-insensitive; the others are not.
    parameters.set(`${location} ${location === 'header' ? parameter.name.toLowerCase() : parameter.name}`, { in: location, name: parameter.name, value: value.value });
  }
  const located = [...parameters.values()];
  const pathParams: Record<string, ValueSource> = {};
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of located) {
    if (p.in === 'path') pathParams[p.name] = { value: p.value };
    else if (p.in === 'query') query[p.name] = p.value;
    else if (p.in === 'header') headers[p.name] = text(p.value);
    else if (p.in === 'cookie') cookies.push(`${p.name}=${encodeURIComponent(text(p.value))}`);
  }
  if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
  const missing = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((name) => !(name in pathParams));
  if (missing.length > 0) throw new StepRequestError(`no parameter gives the path parameter${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${operation.method.toUpperCase()} ${operation.path}`);
  const template: RequestTemplate = {
    operationId: operation.operationId,
    pathParams,
    query,
    headers,
    credentials: setsOwnCredential(located, operation, schemes) ? 'none' : 'api-key',
  };
  if (step.requestBody) {
    const contentType = step.requestBody.contentType ?? Object.keys(operation.requestBody?.content ?? {})[0] ?? 'application/json';
    template.body = { value: payload(step, scope), refs: {} };
    if (contentType !== 'application/json') template.contentType = contentType;
  }
  return template;
}

/** A `reference: $components.parameters.NAME` (its `value`, when given, replaces the component's). */
export function resolveParameter(raw: Parameter | { reference: string; value?: unknown }, document: ArazzoDefinition, stepId: string): Omit<Parameter, 'value'> & { value: unknown } {
  if (!('reference' in raw) || typeof raw.reference !== 'string') return raw as Parameter;
  const match = /^\$components\.parameters\.(.+)$/.exec(raw.reference);
  const component = match ? document.components?.parameters?.[match[1]!] : undefined;
  if (!component) throw new StepRequestError(`step ${stepId}: parameter reference ${raw.reference} names no components.parameters entry`);
  return { ...component, ...(raw.value !== undefined ? { value: raw.value } : {}) };
}

/** The payload with its runtime expressions evaluated, then each replacement set at its JSON pointer. */
function payload(step: Step, scope: WorkflowScope): unknown {
  const body = step.requestBody!;
  let raw: unknown = body.payload;
  if (typeof raw === 'string' && !raw.startsWith('$')) raw = parseJsonText(raw, scope);
  const evaluated = evaluateValue(raw, scope);
  if ('missing' in evaluated) throw new StepRequestError(`requestBody.payload: ${evaluated.missing}`);
  let value = evaluated.value;
  for (const replacement of body.replacements ?? []) {
    const replaced = evaluateValue(replacement.value, scope);
    if ('missing' in replaced) throw new StepRequestError(`requestBody replacement ${replacement.target}: ${replaced.missing}`);
    value = setAtPointer(value, replacement.target, replaced.value);
  }
  return value;
}

/**
 * A payload written as JSON text, possibly with `{$...}` expressions in place of values
 * (`{"petId": {$steps.create.outputs.id}}`): each is replaced by its value as JSON.
 */
function parseJsonText(raw: string, scope: WorkflowScope): unknown {
  let missing: string | undefined;
  const substituted = raw.replace(/\{(\$[^{}\s]+)\}/g, (_m, expression: string) => {
    const evaluated = evaluateValue(expression, scope);
    if ('missing' in evaluated) missing ??= evaluated.missing;
    return 'missing' in evaluated ? 'null' : JSON.stringify(evaluated.value);
  });
  if (missing) throw new StepRequestError(`requestBody.payload: ${missing}`);
  try {
    return JSON.parse(substituted);
  } catch {
    return raw;
  }
}

/** Why a replacement target is refused outright: it names `__proto__`, the prototype every object of the runner shares (issue 22). */
export function refusedTarget(pointer: string): string | undefined {
  const keys = pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.includes('__proto__') ? `replacement target ${pointer} names __proto__, which would change every object of the runner, not the payload; refused` : undefined;
}

/** RFC 6901 set: a copy of `root` with the value at `pointer` replaced (`-` appends to an array). */
export function setAtPointer(root: unknown, pointer: string, value: unknown): unknown {
  const target = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (target === '') return value;
  if (!target.startsWith('/')) throw new StepRequestError(`replacement target ${pointer} is not a JSON pointer`);
  const refused = refusedTarget(target);
  if (refused) throw new StepRequestError(refused);
  const keys = target.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const copy = structuredClone(root);
  let node: unknown = copy;
  for (const [i, key] of keys.entries()) {
    if (node === null || typeof node !== 'object') throw new StepRequestError(`replacement target ${pointer}: nothing at ${keys.slice(0, i).join('/') || 'the root'} to set ${key} in`);
    const last = i === keys.length - 1;
    if (Array.isArray(node)) {
      const at = key === '-' ? node.length : Number(key);
      if (!/^(0|[1-9]\d*|-)$/.test(key) || at > node.length) throw new StepRequestError(`replacement target ${pointer}: ${key} is not an index of the array`);
      if (last) node[at] = value;
      else node = node[at];
    } else if (last) {
      Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
      node = (node as Record<string, unknown>)[key];
    }
  }
  return copy;
}

/** Whether the step itself sends a credential of the operation's security (then the run's is not added). */
function setsOwnCredential(parameters: readonly Located[], operation: Operation, schemes: SecuritySchemes): boolean {
  const names = operation.security.flatMap((requirement) => Object.keys(requirement)).map((name) => schemes[name]).filter((s) => s !== undefined);
  return parameters.some((p) =>
    names.some((scheme) =>
      scheme.type === 'apiKey' ? scheme.in === p.in && (p.in === 'header' ? scheme.name.toLowerCase() === p.name.toLowerCase() : scheme.name === p.name) : p.in === 'header' && p.name.toLowerCase() === 'authorization',
    ),
  );
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
