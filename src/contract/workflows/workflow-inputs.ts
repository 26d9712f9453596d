import type { ArazzoDefinition, Workflow } from '@redocly/openapi-core';
import { createAjv } from '../../validation/create-ajv.js';
import { ContractRunError } from '../contract-error.js';

type Schema = Record<string, unknown>;

/** A workflow's inputs schema, through a `$ref` to `#/components/inputs/NAME` when it is one. */
export function inputsSchema(workflow: Workflow, document: ArazzoDefinition): Schema | undefined {
  const inputs = workflow.inputs as Schema | undefined;
  const ref = inputs?.['$ref'];
  if (typeof ref !== 'string') return inputs;
  const match = /^#\/components\/inputs\/(.+)$/.exec(ref);
  return match ? (document.components?.inputs?.[match[1]!] as Schema | undefined) : undefined;
}

/**
 * `--workflow-input name=value` pairs: the value is read as JSON when it is JSON (`3`, `true`,
 * `{"a":1}`), else taken as the string it is. Every name must be an input of some workflow.
 */
export function parseWorkflowInputs(pairs: readonly string[], document: ArazzoDefinition): Record<string, unknown> {
  const declared = new Set(document.workflows.flatMap((w) => Object.keys((inputsSchema(w, document)?.['properties'] as Schema | undefined) ?? {})));
  const inputs: Record<string, unknown> = {};
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw new ContractRunError(`--workflow-input must be NAME=VALUE (got '${pair.split('=')[0]}')`);
    const name = pair.slice(0, equals);
    if (!declared.has(name)) {
      throw new ContractRunError(`--workflow-input ${name}: no workflow declares that input (inputs: ${[...declared].join(', ') || 'none'})`);
    }
    Object.defineProperty(inputs, name, { value: readValue(pair.slice(equals + 1)), enumerable: true, writable: true, configurable: true });
  }
  return inputs;
}

function readValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * A workflow's inputs: those given on the command line that it declares, completed with the
 * schema's defaults and checked against the schema (ajv). Undefined `inputs` when they cannot be
 * made, with the reason the workflow is skipped.
 */
export function workflowInputs(workflow: Workflow, document: ArazzoDefinition, given: Readonly<Record<string, unknown>>): { inputs: Record<string, unknown> } | { skipped: string } {
  const schema = inputsSchema(workflow, document);
  if (!schema) return workflow.inputs ? { skipped: `its inputs $ref ${String((workflow.inputs as Schema)['$ref'])} names no components.inputs entry` } : { inputs: {} };
  const properties = (schema['properties'] as Schema | undefined) ?? {};
  const inputs: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) if (Object.hasOwn(given, name)) inputs[name] = structuredClone(given[name]);
  let validate;
  try {
    validate = createAjv({ strict: false, useDefaults: true }).compile(schema);
  } catch (err) {
    return { skipped: `its inputs schema cannot be compiled: ${(err as Error).message}` };
  }
  if (validate(inputs)) return { inputs };
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath ? `input ${e.instancePath.slice(1)}` : 'inputs'} ${e.message ?? 'invalid'}`);
  return { skipped: `its inputs do not fit their schema: ${[...new Set(problems)].join('; ')} (give them with --workflow-input NAME=VALUE)` };
}

/** Values given for inputs declared `format: password`: masked in every report like the run's keys. */
export function secretInputs(document: ArazzoDefinition, given: Readonly<Record<string, unknown>>): string[] {
  const secrets = new Set<string>();
  for (const workflow of document.workflows) {
    const properties = (inputsSchema(workflow, document)?.['properties'] as Record<string, Schema> | undefined) ?? {};
    for (const [name, property] of Object.entries(properties)) {
      if (property?.['format'] !== 'password') continue;
      for (const value of [given[name], property['default']]) if (typeof value === 'string' && value !== '') secrets.add(value);
    }
  }
  return [...secrets];
}
