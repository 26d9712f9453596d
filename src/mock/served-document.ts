import { exampleCheck } from '../engine/example-conformance.js';
import { createAjv } from '../validation/create-ajv.js';
import { crudInference } from '../engine/crud/infer-crud.js';
import { inferResources, type Resource, type ResourceIndex } from '../spec/resource-model.js';
import { seedRecords } from '../engine/crud/seed-records.js';
import { selectBehaviours, type BehaviourPlan } from '../engine/select-behaviours.js';
import { sessionStates, type SessionStates, type SharedDocuments } from '../engine/session-states.js';
import { checkGenerationBounds } from '../generation/generation-limits.js';
import { BUILT_IN_PACKS } from '../packs/index.js';
import { buildOperationIndex, type OperationIndex } from '../spec/operation-index.js';
import type { LoadedDocument } from '../spec/prepare-document.js';
import { Router } from '../spec/router.js';
import { buildSecurityIndex, type SecurityIndex } from '../spec/security.js';

/**
 * Everything the mock reads from one document: replaced whole when `--watch` reloads it, while
 * keys, plans and the sessions' state stay (create-engine.ts).
 */
export interface ServedDocument {
  loaded: LoadedDocument;
  index: OperationIndex;
  router: Router;
  /** How each operation is served, chosen at load. */
  plan: BehaviourPlan;
  /** The security of each operation, and what the mock does about schemes it cannot check. */
  security: SecurityIndex;
  /** What sessions start from under this document, and how live ones carry their state over. */
  states: SessionStates;
  /** Known query parameter names per operationId (for pagination links). */
  queryNames: Map<string, string[]>;
  /** Every resource inferred from the paths, and those of them served as CRUD (parents first). */
  resources: ResourceIndex;
  crudResources: readonly Resource[];
}

export async function serveDocument(written: LoadedDocument, seed: number, shared: SharedDocuments | undefined): Promise<ServedDocument> {
  const generationNotes = checkGenerationBounds(written.file, written.source);
  const loaded = generationNotes.length === 0 ? written : { ...written, warnings: [...written.warnings, ...generationNotes] };
  const index = buildOperationIndex(loaded.document, loaded.file);
  // Resources are inferred from every path, but only operations no pack claims are served as CRUD.
  const resources = inferResources(index.operations);
  const packServed = (op: (typeof index.operations)[number]) => BUILT_IN_PACKS.some((p) => p.claims(op, loaded.document));
  const check = exampleCheck(createAjv());
  const plan = selectBehaviours(index.operations, loaded.document, BUILT_IN_PACKS, crudInference(resources, index.operations, packServed, check), check);
  const security = buildSecurityIndex(loaded.document, index.operations);
  const queryNames = new Map(index.operations.map((op) => [op.operationId, op.parameters.filter((p) => p.in === 'query').map((p) => p.name)]));
  const crudResources = resources.resources.filter((r) => plan.lines.some((l) => l.resource === r.name));
  const resourceSeed = { records: await seedRecords(crudResources, seed), resources: new Set(crudResources.map((r) => r.name)) };
  const states = sessionStates(plan.packs, loaded.document, seed, resourceSeed, shared);
  return { loaded, index, router: new Router(index.operations), plan, security, states, queryNames, resources, crudResources };
}
