import type { Ajv } from 'ajv';
import { refTarget } from '../spec/cyclic-refs.js';
import { eachSubschema, prepareSchema, type PreparedSchema } from './prepare-schema.js';

interface Prepared extends PreparedSchema {
  /** The ids of the shared schemas this one refers to, directly. */
  uses: Set<string>;
}

/** What one ajv family (createAjv and its twins) prepares and shares. */
export interface SharedSchemas {
  /** The schema made ready for ajv: the same object for the same schema, so ajv's cache hits. */
  prepare(schema: unknown): Prepared;
  /** Adds to `ajv` every shared schema `prepared` reaches (once per instance) and declares what they need. */
  addTo(ajv: Ajv, prepared: Prepared): void;
}

/**
 * A loaded document is dereferenced: every `$ref` became the one object it named, so a schema
 * named in many places is one object reached many ways, and a cycle ends at a `$ref` left in place.
 * ajv compiles a tree: it wrote the code of such a schema again at every place and in every root
 * that reached it, and the target of a cyclic `$ref` again inside every root (under its own
 * `definitions`). Xero's accounting document, whose answers nearly all reach one web of Invoice,
 * Contact, Payment..., spent a minute of CPU in ajv at start-up checking its examples.
 *
 * Here a schema reached from more than one place (within a root, or in an earlier root), and the
 * target of every cyclic `$ref`, is prepared once, added to ajv once under an id of its own and
 * referred to by that id: ajv compiles it once (or inlines it, when it refers to nothing) whatever
 * the number of places and roots (docs/decisions/094-start-up-of-shared-schemas.md).
 */
export function sharedSchemas(): SharedSchemas {
  const ids = new Map<object, string>();
  const byId = new Map<string, Prepared>();
  const roots = new WeakMap<object, Prepared>();
  const added = new WeakMap<Ajv, Set<string>>();
  // Every schema met in a root prepared so far: met again, it is shared.
  const met = new WeakSet<object>();

  const idOf = (schema: object): string => {
    let id = ids.get(schema);
    if (id === undefined) {
      id = `urn:petstore-kit:schema:${ids.size}`;
      ids.set(schema, id); // before preparing it, so that a cycle ends
      byId.set(id, prepareOne(schema));
    }
    return id;
  };

  const prepareOne = (schema: unknown): Prepared => {
    // A schema that points into itself (`$ref: '#/definitions/X'`, not a loader's cyclic ref) is
    // compiled whole, as before: lifted out under an id of its own, such a part would resolve
    // `#` against that id and fail. Loaded documents are dereferenced, so this is a caller's raw schema.
    if (hasPointerRef(schema)) return { ...prepareSchema(schema), uses: new Set() };
    const uses = new Set<string>();
    const reached = new Set<object>();
    const many = new Set<object>();
    eachSubschema(schema, (node) => {
      if (reached.has(node) || ids.has(node)) {
        many.add(node);
        return false;
      }
      reached.add(node);
      return !met.has(node); // shared anyway: what is below it was counted when it was met
    });
    const use = (id: string) => (uses.add(id), id);
    const prepared = prepareSchema(schema, {
      cycle: (target) => use(idOf(target)),
      node: (node) => (many.has(node) || met.has(node) ? use(idOf(node)) : undefined),
    });
    for (const node of reached) met.add(node);
    return { ...prepared, uses };
  };

  /** Whether `prepared` or a shared schema it reaches is written in 3.1. */
  const reachesOas31 = (prepared: Prepared): boolean => {
    const seen = new Set<string>();
    const pending = [...prepared.uses];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      const shared = byId.get(id)!;
      if (shared.oas31) return true;
      pending.push(...shared.uses);
    }
    return false;
  };

  return {
    prepare(schema) {
      if (typeof schema !== 'object' || schema === null) return prepareOne(schema);
      let prepared = roots.get(schema);
      if (!prepared) {
        prepared = prepareOne(schema);
        if (!prepared.oas31 && reachesOas31(prepared)) prepared.oas31 = true;
        roots.set(schema, prepared);
      }
      return prepared;
    },
    addTo(ajv, prepared) {
      let done = added.get(ajv);
      if (!done) added.set(ajv, (done = new Set()));
      declare(ajv, prepared.extensions, prepared.formats);
      const pending = [...prepared.uses];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (done.has(id)) continue;
        const shared = byId.get(id)!;
        declare(ajv, shared.extensions, shared.formats);
        ajv.addSchema(shared.schema as object, id);
        done.add(id);
        pending.push(...shared.uses);
      }
    },
  };
}

/** Whether `schema` or a part of it has a `$ref` JSON pointer of its own (one the loader did not leave for a cycle). */
function hasPointerRef(schema: unknown): boolean {
  const pointer = (node: object) => typeof (node as { $ref?: unknown }).$ref === 'string' && (node as { $ref: string }).$ref.startsWith('#') && refTarget(node) === undefined;
  if (typeof schema !== 'object' || schema === null) return false;
  let found = pointer(schema);
  const seen = new Set<object>();
  eachSubschema(schema, (node) => {
    if (found || seen.has(node)) return false;
    seen.add(node);
    if (pointer(node)) found = true;
    return !found;
  });
  return found;
}

// ajv's getKeyword says false for a keyword added without a definition, and adding it again
// throws "already defined": what was declared is remembered here.
const declared = new WeakMap<Ajv, Set<string>>();

function declare(ajv: Ajv, keywords: Set<string>, formats: Set<string>): void {
  let known = declared.get(ajv);
  if (!known) declared.set(ajv, (known = new Set()));
  for (const keyword of keywords) {
    if (known.has(keyword) || ajv.getKeyword(keyword)) continue;
    ajv.addKeyword(keyword);
    known.add(keyword);
  }
  for (const format of formats) if (!ajv.formats[format]) ajv.addFormat(format, true);
}
