import path from 'node:path';
import { BaseResolver, createConfig, getLineColLocation, lintDocument, makeDocumentFromString, type ArazzoDefinition, type NormalizedProblem, type Source } from '@redocly/openapi-core';
import { parseDocumentText } from '../../spec/parse-document-text.js';
import { readDocumentFile } from '../../spec/read-document-file.js';
import { SpecError } from '../../spec/spec-error.js';
import { ContractRunError } from '../contract-error.js';

/** An Arazzo 1.0 document that Redocly's Arazzo rules found valid. */
export interface WorkflowFile {
  /** As given on the command line. */
  file: string;
  document: ArazzoDefinition;
}

/** How many of the validator's problems the one-line error names (the rest are counted). */
const SHOWN_PROBLEMS = 5;

/**
 * Reads a `--workflows` file and validates it with Redocly's Arazzo 1.0 types and rules (the
 * `recommended` set of @redocly/openapi-core: structure, unique ids, criteria, dependsOn...).
 * The text goes through the kit's own reader and parser first, so a huge file, an alias bomb or
 * an over-deep nesting is refused before the validator walks it. Every problem is a
 * ContractRunError (exit 2) naming the file, the JSON path, the line and the reason.
 */
export async function loadWorkflowFile(file: string): Promise<WorkflowFile> {
  let text: string;
  let parsed: unknown;
  try {
    text = (await readDocumentFile(file)).toString('utf8');
    parsed = parseDocumentText(file, text);
  } catch (err) {
    if (err instanceof SpecError) throw new ContractRunError(`--workflows ${err.message}`);
    throw err;
  }
  const version = parsed !== null && typeof parsed === 'object' ? (parsed as { arazzo?: unknown }).arazzo : undefined;
  if (typeof version !== 'string' || !/^1\.0\.\d+$/.test(version)) {
    const found = version === undefined ? 'it has no `arazzo` field' : `its \`arazzo\` field is ${JSON.stringify(version)}`;
    throw new ContractRunError(`--workflows ${file}: #/arazzo: not an Arazzo 1.0 document (${found}; the runner reads Arazzo 1.0.x)`);
  }
  const absolute = path.resolve(file);
  const problems = await lintDocument({
    document: makeDocumentFromString(text, absolute),
    config: await arazzoConfig(),
    externalRefResolver: new LocalOnlyResolver(),
  });
  const errors = problems.filter((p) => p.severity === 'error' && !p.ignored);
  if (errors.length > 0) {
    const shown = errors.slice(0, SHOWN_PROBLEMS).map((p) => describeProblem(p, absolute));
    const more = errors.length > SHOWN_PROBLEMS ? `; and ${errors.length - SHOWN_PROBLEMS} more` : '';
    throw new ContractRunError(`--workflows ${file} is not a valid Arazzo 1.0 document: ${shown.join('; ')}${more}`);
  }
  return { file, document: parsed as ArazzoDefinition };
}

let config: ReturnType<typeof createConfig> | undefined;

function arazzoConfig(): ReturnType<typeof createConfig> {
  config ??= createConfig({ extends: ['recommended'] });
  return config;
}

/** `#/workflows/0/steps/1/parameters/0/in (line 23): \`in\` can be one of ...` */
function describeProblem(problem: NormalizedProblem, absolute: string): string {
  const location = problem.location[0];
  if (!location) return `${problem.message} (${problem.ruleId})`;
  let line = '';
  try {
    line = ` (line ${getLineColLocation(location).start.line})`;
  } catch {
    // A location the validator cannot place on a line still has its JSON path.
  }
  const elsewhere = path.resolve(location.source.absoluteRef) === absolute ? '' : `${location.source.absoluteRef} `;
  return `${elsewhere}${location.pointer}${line}: ${problem.message.replace(/\s+/g, ' ').trim().replace(/\.$/, '')}`;
}

/**
 * The validator may follow `$ref`s of the workflow file (inputs schemas); it reads local files
 * only: nothing of a run reaches a host other than the one under test.
 */
class LocalOnlyResolver extends BaseResolver {
  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(absoluteRef)) throw new Error(`${absoluteRef}: the runner does not fetch references over the network`);
    return super.loadExternalRef(absoluteRef);
  }
}
