import { evaluateExpression, parseRuntimeExpression, resolvePointer, type ExpressionContext } from '../runtime-expression.js';

/**
 * What an Arazzo runtime expression is evaluated against: the run's inputs and the outputs of
 * steps and workflows so far, and, inside a step, its exchange. The request/response expressions
 * (`$url`, `$method`, `$statusCode`, `$request.*`, `$response.*`) are OpenAPI's and are evaluated
 * by runtime-expression.ts, the one the runner uses for links; this adds Arazzo's own sources.
 */
export interface WorkflowScope {
  inputs: Readonly<Record<string, unknown>>;
  /** Outputs of the steps of the running workflow, by stepId. */
  steps: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** Outputs and inputs of workflows run so far, by workflowId. */
  workflows: ReadonlyMap<string, { inputs: Readonly<Record<string, unknown>>; outputs: Readonly<Record<string, unknown>> }>;
  /** The running workflow's outputs (for `$outputs.name`, once evaluated). */
  outputs?: Readonly<Record<string, unknown>>;
  components: Readonly<Record<string, unknown>>;
  sourceDescriptions: Readonly<Record<string, { url: string }>>;
  /** The step's exchange, once it has one. */
  exchange?: ExpressionContext;
}

export type Evaluated = { value: unknown } | { missing: string };

const ARAZZO_SOURCE = /^\$(inputs|outputs|steps|workflows|sourceDescriptions|components)\.(.+)$/;

/** Whether a text is one runtime expression (as opposed to a literal or a template with `{$...}` in it). */
export function isExpression(text: string): boolean {
  return text.startsWith('$') && !/\s/.test(text);
}

/** Evaluates one runtime expression; a JSON pointer after `#` reads into the value (`$steps.a.outputs.pet#/id`). */
export function evaluate(text: string, scope: WorkflowScope): Evaluated {
  const arazzo = ARAZZO_SOURCE.exec(text);
  if (!arazzo) return evaluateExchange(text, scope);
  const [, source, rest] = arazzo as unknown as [string, string, string];
  const hash = rest.indexOf('#');
  const name = hash < 0 ? rest : rest.slice(0, hash);
  const pointer = hash < 0 ? undefined : rest.slice(hash + 1);
  if (pointer !== undefined && pointer !== '' && !pointer.startsWith('/')) return { missing: `${text} has a fragment that is not a JSON pointer` };
  const base = lookUp(source, name, scope);
  if ('missing' in base) return { missing: `${text} names nothing: ${base.missing}` };
  if (pointer === undefined) return base;
  const value = resolvePointer(base.value, pointer);
  return value === undefined ? { missing: `${text} names nothing: no ${pointer} in the value` } : { value };
}

function lookUp(source: string, name: string, scope: WorkflowScope): Evaluated {
  switch (source) {
    case 'inputs':
      return own(scope.inputs, name, 'input');
    case 'outputs':
      return scope.outputs ? own(scope.outputs, name, 'output of this workflow') : { missing: 'the workflow has no outputs yet' };
    case 'steps': {
      const match = /^([^.]+)\.outputs\.(.+)$/.exec(name);
      if (!match) return { missing: 'the runner reads $steps.STEP.outputs.NAME' };
      const outputs = scope.steps.get(match[1]!);
      return outputs ? own(outputs, match[2]!, `output of step ${match[1]}`) : { missing: `step ${match[1]} has not run in this workflow` };
    }
    case 'workflows': {
      const match = /^(.+)\.(outputs|inputs)\.([^.]+)$/.exec(name);
      if (!match) return { missing: 'the runner reads $workflows.ID.outputs.NAME and $workflows.ID.inputs.NAME' };
      const workflow = scope.workflows.get(match[1]!);
      if (!workflow) return { missing: `workflow ${match[1]} has not run (list it in dependsOn)` };
      return own(match[2] === 'outputs' ? workflow.outputs : workflow.inputs, match[3]!, `${match[2] === 'outputs' ? 'output' : 'input'} of workflow ${match[1]}`);
    }
    case 'sourceDescriptions': {
      const match = /^([^.]+)\.url$/.exec(name);
      const described = match ? scope.sourceDescriptions[match[1]!] : undefined;
      return described ? { value: described.url } : { missing: 'the runner reads $sourceDescriptions.NAME.url of a listed source description' };
    }
    default: {
      const [kind, ...key] = name.split('.');
      const group = scope.components[kind!];
      return group && typeof group === 'object' ? own(group as Record<string, unknown>, key.join('.'), `component ${kind}`) : { missing: `the document has no components.${kind}` };
    }
  }
}

function own(values: Readonly<Record<string, unknown>>, name: string, what: string): Evaluated {
  return Object.hasOwn(values, name) && values[name] !== undefined ? { value: values[name] } : { missing: `no ${what} ${name}` };
}

function evaluateExchange(text: string, scope: WorkflowScope): Evaluated {
  const expression = parseRuntimeExpression(text);
  if (!expression) return { missing: `${text} is not a runtime expression the runner supports` };
  if (!scope.exchange) return { missing: `${text} needs an answer, and the step has none yet` };
  const value = evaluateExpression(expression, scope.exchange);
  return value === undefined ? { missing: `${text} names nothing in the answer` } : { value };
}

/**
 * A value of a workflow file: a runtime expression (`$inputs.name`), a string with expressions
 * in braces (`Bearer {$steps.login.outputs.token}`), an object or array holding such strings at
 * any depth (a request payload), or a constant.
 */
export function evaluateValue(raw: unknown, scope: WorkflowScope): Evaluated {
  if (typeof raw === 'string') {
    if (isExpression(raw)) return evaluate(raw, scope);
    if (!raw.includes('{$')) return { value: raw };
    let missing: string | undefined;
    const value = raw.replace(/\{(\$[^{}\s]+)\}/g, (_m, text: string) => {
      const part = evaluate(text, scope);
      if ('missing' in part) {
        missing ??= part.missing;
        return '';
      }
      return typeof part.value === 'object' ? JSON.stringify(part.value) : String(part.value);
    });
    return missing ? { missing } : { value };
  }
  if (Array.isArray(raw)) {
    const items: unknown[] = [];
    for (const item of raw) {
      const evaluated = evaluateValue(item, scope);
      if ('missing' in evaluated) return evaluated;
      items.push(evaluated.value);
    }
    return { value: items };
  }
  if (raw !== null && typeof raw === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(raw)) {
      const evaluated = evaluateValue(item, scope);
      if ('missing' in evaluated) return evaluated;
      Object.defineProperty(copy, key, { value: evaluated.value, enumerable: true, writable: true, configurable: true });
    }
    return { value: copy };
  }
  return { value: raw };
}
