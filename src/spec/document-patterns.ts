import { patternVerdict } from './pattern-matcher.js';
import { SpecError } from './spec-error.js';
import { forEachSchemaObject } from './walk-schemas.js';

/**
 * Checks every `pattern` (and `patternProperties` name) of a document once, at load: one that
 * neither regular-expression dialect reads refuses the document, naming its JSON path (ajv would
 * otherwise throw on every request that reaches it); one that only a backtracking engine reads
 * and that nests repeats is served unchecked, and the returned notes say so (decision 047).
 */
export function checkDocumentPatterns(file: string, document: object): string[] {
  const problems: string[] = [];
  const notes: string[] = [];
  const judge = (pattern: string, where: () => string) => {
    const strict = patternVerdict(pattern);
    const verdict = strict.kind === 'invalid' ? patternVerdict(pattern, false) : strict;
    if (verdict.kind === 'invalid') problems.push(`${where()}: the pattern ${quoted(pattern)} is not a regular expression (${strict.reason})`);
    else if (verdict.kind === 'unchecked') notes.push(`${where()}: the pattern ${quoted(pattern)} is not checked: ${verdict.reason}`);
  };
  forEachSchemaObject(document, (node, pointer) => {
    if (typeof node.pattern === 'string') judge(node.pattern, () => `${pointer()}/pattern`);
    const named = node.patternProperties;
    if (typeof named === 'object' && named !== null) for (const name of Object.keys(named)) judge(name, () => `${pointer()}/patternProperties`);
  });
  if (problems.length > 0) throw new SpecError(file, 'has patterns that cannot be matched', problems.slice(0, 20));
  return notes;
}

function quoted(pattern: string): string {
  return JSON.stringify(pattern.length > 120 ? `${pattern.slice(0, 120)}…` : pattern);
}
