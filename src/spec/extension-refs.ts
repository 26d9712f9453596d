import { forEachRef } from './walk-refs.js';

/**
 * Maps whose keys are names the document's author chose (a header called `x-request-id`, a
 * property called `x-count`), not OpenAPI fields: an `x-` key inside one is not an extension.
 */
const NAMED_MAPS = new Set([
  'properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions', 'headers', 'schemas',
  'responses', 'parameters', 'examples', 'requestBodies', 'securitySchemes', 'links', 'callbacks',
  'pathItems', 'content', 'encoding', 'variables', 'mapping', 'scopes', 'paths', 'webhooks',
]);

/**
 * Specification extensions (`x-…`) mean nothing to the kit, but documentation tools put `$ref`s
 * to other kinds of file in them (Redocly's `x-topics: [{content: {$ref: ./intro.md}}]`). Such an
 * extension is left out of the loaded document rather than followed, and a warning names it:
 * the kit neither reads markdown nor refuses a document for what it never uses.
 */
export function withoutExtensionFileRefs(parsed: object): { document: object; warnings: string[] } {
  const extensions = new Map<string, string[]>();
  forEachRef(parsed, (_node, ref, pointer) => {
    if (ref.startsWith('#')) return;
    const segments = pointer().split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const at = segments.findIndex((s, i) => s.startsWith('x-') && !NAMED_MAPS.has(segments[i - 1] ?? ''));
    if (at >= 0) extensions.set(segments.slice(0, at + 1).join('\u0000'), segments.slice(0, at + 1));
  });
  if (extensions.size === 0) return { document: parsed, warnings: [] };
  const document = structuredClone(parsed) as Record<string, unknown>;
  const warnings: string[] = [];
  for (const segments of extensions.values()) {
    let parent: unknown = document;
    for (const s of segments.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[s];
    if (typeof parent !== 'object' || parent === null) continue;
    delete (parent as Record<string, unknown>)[segments.at(-1)!];
    const where = `/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
    warnings.push(`${where}: a specification extension with a $ref to another file; not followed (the kit does not use it)`);
  }
  return { document, warnings };
}
