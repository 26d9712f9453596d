import { SpecError } from '../spec/spec-error.js';
import { forEachSchemaObject } from '../spec/walk-schemas.js';
import type { Schema } from '../spec/openapi.js';
import type { MergedSchema } from './merge-all-of.js';
import { isUnmetPattern, unmetPatternNote } from './unmet-patterns.js';
import { branchHolds } from './with-branch.js';

/**
 * How large a value the generator makes (docs/decisions/048-document-bounds.md). A document may
 * ask for `minLength: 100000000` or `maxItems: 2147483647`; a mock that honoured it would build
 * gigabytes before it listened. Past these the generator refuses (a `minLength` or `minItems`
 * above them is refused when the document loads) or, for an upper bound, stays below them.
 */
export const GENERATION_LIMITS = {
  /** The longest string made: a `minLength` above it cannot be served. */
  stringLength: 100_000,
  /** The most items in an array made: a `minItems` above it cannot be served. */
  arrayItems: 10_000,
  /** Items an array may have past its minItems, whatever its maxItems says (2147483647, say). */
  extraItems: 20,
  /** Parts (objects, arrays, scalars) in one value: nested minItems multiply. */
  valueParts: 200_000,
} as const;

/** Why a schema's lower bounds ask for more than is made, or undefined. */
export function boundBeyondLimits(schema: { minLength?: unknown; minItems?: unknown }): string | undefined {
  const { minLength, minItems } = schema;
  if (typeof minLength === 'number' && minLength > GENERATION_LIMITS.stringLength) {
    return `minLength ${minLength} asks for a longer string than the mock makes (at most ${GENERATION_LIMITS.stringLength.toLocaleString('en')} characters)`;
  }
  if (typeof minItems === 'number' && minItems > GENERATION_LIMITS.arrayItems) {
    return `minItems ${minItems} asks for a longer array than the mock makes (at most ${GENERATION_LIMITS.arrayItems.toLocaleString('en')} items)`;
  }
  return undefined;
}

/**
 * Refuses, at load, a document with a schema whose lower bounds ask for more than the generator
 * makes: the mock seeds and answers from its schemas, and would otherwise fail there, or (before
 * these limits) build the value for minutes, deaf to SIGTERM. Answers the notes on patterns no
 * string it makes matches (unmet-patterns.ts), which are served, not refused.
 */
export function checkGenerationBounds(file: string, document: object): string[] {
  const problems: string[] = [];
  const notes: string[] = [];
  forEachSchemaObject(document, (node, pointer) => {
    const beyond = boundBeyondLimits(node);
    if (beyond && problems.length < 20) problems.push(`${pointer()}/${beyond.split(' ')[0]}: ${beyond}`);
    if (typeof node.pattern === 'string' && isUnmetPattern(node.pattern)) notes.push(unmetPatternNote(`${pointer()}/pattern`, node.pattern));
    const branches = (node.oneOf ?? node.anyOf) as Schema[] | undefined;
    // Read where written ($refs intact): a branch that is a $ref, or an allOf beside, is not judged here.
    const judged = node.type !== undefined && node.allOf === undefined && Array.isArray(branches) && branches.length > 0 && branches.every((branch) => !('$ref' in branch));
    if (judged && notes.length < 50 && !branches.some((branch) => branchHolds(node as MergedSchema, branch))) {
      notes.push(`${pointer()}: no branch of its ${node.oneOf ? 'oneOf' : 'anyOf'} holds beside its type ${JSON.stringify(node.type)}, so no value is valid: answers carry a value of one branch alone`);
    }
  });
  if (problems.length > 0) throw new SpecError(file, 'asks for values larger than the mock makes', problems);
  return notes;
}
