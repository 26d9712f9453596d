import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { ArazzoDefinition, OnFailureObject, OnSuccessObject, SourceDescription, Step, Workflow } from '@redocly/openapi-core';
import type { Operation, OperationIndex } from '../../spec/operation-index.js';
import { ContractRunError } from '../contract-error.js';
import { isJsonMediaType } from '../documented-response.js';
import { unsupportedCriterion } from './criteria.js';
import type { WorkflowFile } from './load-workflow-file.js';
import { refusedTarget } from './step-request.js';

/** A step and the operation of the --spec document it calls, or why the runner cannot run it. */
export interface BoundStep {
  step: Step;
  operation?: Operation;
  /** The workflow of this file the step runs (`workflowId` on a step), with its parameters as inputs. */
  calls?: string;
  /** Why the step cannot run (a feature the runner does not support): it is reported skipped. */
  unsupported?: string;
}

export interface BoundWorkflow {
  workflow: Workflow;
  steps: BoundStep[];
}

export interface BoundWorkflows {
  file: string;
  document: ArazzoDefinition;
  workflows: BoundWorkflow[];
  /** The name of the source description that is the --spec document. */
  specSource: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Ties every step to an operation of the --spec document. The run tests one document against one
 * --base-url, so one `openapi` source description is that document: the one whose url is the
 * --spec file, else the only one. A step naming an operation the document lacks is a run that
 * cannot be made (exit 2); a step of another source description, or using a feature the runner
 * does not support, is bound with the reason it will be skipped.
 */
export function bindWorkflows(loaded: WorkflowFile, index: OperationIndex, specFile: string): BoundWorkflows {
  const { document, file } = loaded;
  const specSource = findSpecSource(document.sourceDescriptions, file, specFile);
  const workflowIds = new Set(document.workflows.map((w) => w.workflowId));
  document.workflows.forEach((workflow, w) => checkGotos(workflow, `--workflows ${file}: #/workflows/${w}`, document, workflowIds));
  const workflows = document.workflows.map((workflow, w) => ({
    workflow,
    steps: workflow.steps.map((step, s) => bindStep(step, `#/workflows/${w}/steps/${s}`, { document, file, index, specFile, specSource, workflowIds })),
  }));
  for (const { workflow, steps } of workflows) {
    const inherited = [...(workflow.successActions ?? []), ...(workflow.failureActions ?? [])].flatMap((a) => unsupportedAction(a, document));
    if (inherited.length > 0) for (const bound of steps) bound.unsupported ??= inherited[0];
  }
  return { file, document, workflows, specSource };
}

interface BindContext {
  document: ArazzoDefinition;
  file: string;
  index: OperationIndex;
  specFile: string;
  specSource: string;
  workflowIds: ReadonlySet<string>;
}

function bindStep(step: Step, pointer: string, ctx: BindContext): BoundStep {
  const where = `--workflows ${ctx.file}: ${pointer} (step ${step.stepId})`;
  let bound: BoundStep;
  if (step.operationId !== undefined) bound = byOperationId(step, where, ctx);
  else if (step.operationPath !== undefined) bound = byOperationPath(step, where, ctx);
  else if (step.workflowId !== undefined) bound = byWorkflowId(step, where, ctx);
  else bound = { step, unsupported: `step ${step.stepId} names no operationId, operationPath or workflowId` };
  if (bound.unsupported) return bound;
  for (const replacement of step.requestBody?.replacements ?? []) {
    const refused = refusedTarget(replacement.target);
    if (refused) throw new ContractRunError(`${where}: ${refused}`);
  }
  const reason = unsupportedLogic(step, ctx.document) ?? (bound.operation ? unsupportedFeature(step, bound.operation) : undefined);
  return reason ? { ...bound, unsupported: reason } : bound;
}

function byOperationId(step: Step, where: string, ctx: BindContext): BoundStep {
  const qualified = /^\$sourceDescriptions\.([^.]+)\.(.+)$/.exec(step.operationId!);
  const [source, operationId] = qualified ? [qualified[1]!, qualified[2]!] : [ctx.specSource, step.operationId!];
  const other = otherSource(step, source, where, ctx);
  if (other) return other;
  const operation = ctx.index.byId(operationId);
  if (!operation) {
    const known = ctx.index.operations.map((o) => o.operationId);
    throw new ContractRunError(`${where}: operationId ${operationId} is not in --spec ${ctx.specFile} (it has ${known.slice(0, 30).join(', ')}${known.length > 30 ? ', …' : ''})`);
  }
  return { step, operation };
}

/** A workflow of this file; one of another Arazzo document is skipped, an unknown one is a mistake. */
function byWorkflowId(step: Step, where: string, ctx: BindContext): BoundStep {
  const id = step.workflowId!;
  if (id.startsWith('$sourceDescriptions.')) return { step, unsupported: `step ${step.stepId} runs ${id}, a workflow of another document; the runner runs the workflows of this file only` };
  if (!ctx.workflowIds.has(id)) throw new ContractRunError(`${where}: workflowId ${id} is not a workflow of the file (${[...ctx.workflowIds].join(', ')})`);
  return { step, calls: id };
}

/** `{$sourceDescriptions.petstore.url}#/paths/~1pets~1{petId}/get` */
function byOperationPath(step: Step, where: string, ctx: BindContext): BoundStep {
  const match = /^\{\$sourceDescriptions\.([^.}]+)\.url\}#(.*)$/.exec(step.operationPath!);
  if (!match) throw new ContractRunError(`${where}: operationPath ${step.operationPath} is not {$sourceDescriptions.NAME.url}#/paths/PATH/METHOD`);
  const other = otherSource(step, match[1]!, where, ctx);
  if (other) return other;
  const keys = match[2]!.split('/').slice(1).map((k) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~'));
  const [paths, pathTemplate, method] = keys;
  if (keys.length !== 3 || paths !== 'paths' || !HTTP_METHODS.includes(method ?? '')) {
    throw new ContractRunError(`${where}: operationPath ${step.operationPath} does not point at an operation (#/paths/PATH/METHOD)`);
  }
  const operation = ctx.index.operations.find((o) => o.path === pathTemplate && o.method === method);
  if (!operation) throw new ContractRunError(`${where}: operationPath ${step.operationPath}: --spec ${ctx.specFile} has no ${method!.toUpperCase()} ${pathTemplate}`);
  return { step, operation };
}

/** A step of a source description other than the --spec document is skipped; an unknown one is a mistake. */
function otherSource(step: Step, source: string, where: string, ctx: BindContext): BoundStep | undefined {
  if (source === ctx.specSource) return undefined;
  const described = ctx.document.sourceDescriptions.find((s) => s.name === source);
  if (!described) throw new ContractRunError(`${where}: no source description is named ${source} (${ctx.document.sourceDescriptions.map((s) => s.name).join(', ')})`);
  return { step, unsupported: `step ${step.stepId} calls source description ${source} (${described.url}), which is not the --spec document; the runner tests one document against --base-url` };
}

/** A criterion or action of a step the runner cannot evaluate, named so the step is skipped with that reason. */
function unsupportedLogic(step: Step, document: ArazzoDefinition): string | undefined {
  for (const action of [...(step.onSuccess ?? []), ...(step.onFailure ?? [])]) {
    const reason = unsupportedAction(action, document)[0];
    if (reason) return `step ${step.stepId}: ${reason}`;
  }
  for (const criterion of step.successCriteria ?? []) {
    const reason = unsupportedCriterion(criterion);
    if (reason) return `step ${step.stepId}: ${reason}`;
  }
  return undefined;
}

/** What of an operation step's request the runner cannot make. */
function unsupportedFeature(step: Step, operation: Operation): string | undefined {
  const body = step.requestBody;
  if (body) {
    const type = body.contentType ?? Object.keys(operation.requestBody?.content ?? {})[0] ?? 'application/json';
    if (!isJsonMediaType(type)) return `step ${step.stepId} sends a ${type} body; the runner sends JSON request bodies only`;
    const xpath = (body.replacements ?? []).find((r) => r.targetSelectorType !== undefined && (typeof r.targetSelectorType === 'string' ? r.targetSelectorType : r.targetSelectorType.type) !== 'jsonpointer');
    if (xpath) return `step ${step.stepId}: replacement target ${xpath.target} is not a JSON pointer; the runner applies JSON pointer replacements only`;
  }
  for (const extension of ['x-operation', 'x-security'] as const) {
    if (step[extension] !== undefined) return `step ${step.stepId} uses ${extension}, a Redocly extension the runner does not support`;
  }
  return undefined;
}

/** An action the runner cannot take: goto into another document, or a criterion it cannot evaluate. */
function unsupportedAction(action: OnSuccessObject | OnFailureObject | { reference: string }, document: ArazzoDefinition): string[] {
  const resolved = resolveAction(action, document);
  if (!resolved) return [`action ${(action as { reference: string }).reference} is not in components`];
  const reasons = (resolved.criteria ?? []).map(unsupportedCriterion).filter((r): r is string => r !== undefined);
  if (resolved.workflowId?.startsWith('$sourceDescriptions.')) reasons.push(`action ${resolved.name} goes to ${resolved.workflowId}, a workflow of another document`);
  return reasons;
}

/**
 * Every action of a workflow resolves, and every goto names a step of the same workflow or a
 * workflow of the file (Redocly's rules do not check these); a wrong one is exit 2 with its path.
 */
function checkGotos(workflow: Workflow, where: string, document: ArazzoDefinition, workflowIds: ReadonlySet<string>): void {
  const stepIds = new Set(workflow.steps.map((s) => s.stepId));
  const lists: [string, readonly unknown[] | undefined][] = [
    [`${where}/successActions`, workflow.successActions],
    [`${where}/failureActions`, workflow.failureActions],
    ...workflow.steps.flatMap((step, i): [string, readonly unknown[] | undefined][] => [
      [`${where}/steps/${i}/onSuccess`, step.onSuccess],
      [`${where}/steps/${i}/onFailure`, step.onFailure],
    ]),
  ];
  for (const [path, actions] of lists) {
    (actions ?? []).forEach((raw, i) => {
      const action = resolveAction(raw as OnSuccessObject, document);
      const at = `${path}/${i}`;
      if (!action) throw new ContractRunError(`${at}: ${(raw as { reference: string }).reference} names no components.successActions or components.failureActions entry`);
      if (action.type !== 'goto') return;
      if (action.stepId !== undefined && !stepIds.has(action.stepId)) throw new ContractRunError(`${at}: goto step ${action.stepId}, which workflow ${workflow.workflowId} does not have (${[...stepIds].join(', ')})`);
      if (action.workflowId !== undefined && !action.workflowId.startsWith('$') && !workflowIds.has(action.workflowId)) throw new ContractRunError(`${at}: goto workflow ${action.workflowId}, which the file does not have`);
      if (action.stepId === undefined && action.workflowId === undefined) throw new ContractRunError(`${at}: a goto names neither a stepId nor a workflowId`);
    });
  }
}

/** An action, or the component a `reference: $components.successActions.NAME` names. */
export function resolveAction<T extends OnSuccessObject | OnFailureObject>(action: T | { reference: string }, document: ArazzoDefinition): T | undefined {
  if (!('reference' in action) || typeof action.reference !== 'string') return action as T;
  const match = /^\$components\.(successActions|failureActions)\.(.+)$/.exec(action.reference);
  return match ? (document.components?.[match[1] as 'successActions' | 'failureActions']?.[match[2]!] as T | undefined) : undefined;
}

function findSpecSource(sources: readonly SourceDescription[], file: string, specFile: string): string {
  const openapi = sources.filter((s) => s.type === undefined || s.type === 'openapi');
  if (openapi.length === 0) throw new ContractRunError(`--workflows ${file}: #/sourceDescriptions: no source description of type openapi; one must be the --spec document`);
  const spec = canonical(specFile);
  const same = openapi.find((s) => !/^[a-z][a-z0-9+.-]*:/i.test(s.url) && canonical(path.resolve(path.dirname(file), s.url)) === spec);
  if (same) return same.name;
  if (openapi.length === 1) return openapi[0]!.name;
  throw new ContractRunError(`--workflows ${file}: #/sourceDescriptions: none of ${openapi.map((s) => `${s.name} (${s.url})`).join(', ')} is the --spec file ${specFile}; the run tests one document`);
}

function canonical(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
