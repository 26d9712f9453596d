import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { createAjv } from '../validation/create-ajv.js';
import { ContractRunError } from './contract-error.js';
import { requestSchema } from './sample-value.js';

/** Always applied; its entries are pinned to the Petstore's method and path, so they leave other documents alone. */
export const BUNDLED_PREREQUISITES_FILE = fileURLToPath(new URL('../../contracts/petstore.prerequisites.json', import.meta.url));
const SCHEMA_FILE = fileURLToPath(new URL('../../contracts/prerequisites.schema.json', import.meta.url));

/** One entry of a prerequisites file (contracts/prerequisites.schema.json): call `needs` before `operation`. */
export interface PrerequisiteEntry {
  operation: string;
  method?: string;
  path?: string;
  needs: string;
  why: string;
  body?: unknown;
  /** Field of the `needs` body -> number field of the operation's body it must be at least. */
  atLeast: Readonly<Record<string, string>>;
  /** The file it came from, for reasons in the report. */
  file: string;
}

/** An entry that applies to the document: `before` is the operation to call, or `missing` says why it cannot be. */
export type Prerequisite = { entry: PrerequisiteEntry; before: Operation; missing?: undefined } | { entry: PrerequisiteEntry; before?: undefined; missing: string };

let validator: ValidateFunction | undefined;

/** Parses and checks a prerequisites file's text; a mistake names the file and the JSON path. */
export function parsePrerequisites(file: string, text: string): PrerequisiteEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ContractRunError(`${file}: not valid JSON (${(err as Error).message})`);
  }
  validator ??= createAjv({ strict: false }).compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  if (!validator(value)) {
    const first = validator.errors?.[0];
    throw new ContractRunError(`${file}: ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'} (see contracts/prerequisites.schema.json)`);
  }
  const entries = (value as { prerequisites: (Omit<PrerequisiteEntry, 'file' | 'atLeast'> & { atLeast?: Record<string, string> })[] }).prerequisites;
  return entries.map((e) => ({ ...e, atLeast: e.atLeast ?? {}, file }));
}

/** A user's `--prerequisites FILE`; an unreadable file is a run that cannot be made. */
export async function loadPrerequisiteFile(file: string): Promise<PrerequisiteEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new ContractRunError(`--prerequisites ${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  return parsePrerequisites(file, text);
}

let bundled: PrerequisiteEntry[] | undefined;

/** contracts/petstore.prerequisites.json, read once (it ships with the package). */
export function bundledPrerequisites(): PrerequisiteEntry[] {
  bundled ??= parsePrerequisites('contracts/petstore.prerequisites.json', readFileSync(BUNDLED_PREREQUISITES_FILE, 'utf8'));
  return bundled;
}

/**
 * The entries that apply to this document, by operationId. An entry applies when its operation
 * is in the document (at the pinned method and path, when given) with every body field `atLeast`
 * reads; otherwise it is about another API and is left out. An entry that applies but whose
 * `needs` is absent, or lacks a field, is kept with `missing`: the cases that need it are skipped.
 */
export function applicablePrerequisites(index: OperationIndex, entries: readonly PrerequisiteEntry[]): Map<string, Prerequisite[]> {
  const byOperation = new Map<string, Prerequisite[]>();
  for (const entry of entries) {
    const operation = index.byId(entry.operation);
    if (!operation || (entry.method && entry.method !== operation.method) || (entry.path && entry.path !== operation.path)) continue;
    if (Object.values(entry.atLeast).some((from) => !hasBodyField(operation, from))) continue;
    const list = byOperation.get(operation.operationId) ?? [];
    list.push(resolve(index, entry));
    byOperation.set(operation.operationId, list);
  }
  return byOperation;
}

function resolve(index: OperationIndex, entry: PrerequisiteEntry): Prerequisite {
  const before = index.byId(entry.needs);
  const said = `${entry.operation} needs ${entry.needs} first (${entry.why}; ${entry.file})`;
  if (!before) return { entry, missing: `${said}, which the document does not define` };
  const lacking = Object.keys(entry.atLeast).filter((field) => !hasBodyField(before, field));
  if (lacking.length > 0) return { entry, missing: `${said}, whose body has no field ${lacking.join(', ')}` };
  return { entry, before };
}

function hasBodyField(operation: Operation, field: string): boolean {
  return requestSchema(operation)?.properties?.[field] !== undefined;
}
