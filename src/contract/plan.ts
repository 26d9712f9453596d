import type { OpenAPIV3 } from 'openapi-types';
import type { AvailableCredentials, SecurityRequirements, SecuritySchemes } from './credential-placement.js';
import type { LoadedDocument } from '../spec/load-document.js';
import type { Schema } from '../spec/openapi.js';
import { buildOperationIndex, templateNames, type Operation, type OperationIndex } from '../spec/operation-index.js';
import { SpecError } from '../spec/spec-error.js';
import { ContractRunError } from './contract-error.js';
import { documents } from './documented-response.js';
import { negativeCases } from './negative-cases.js';
import { wrongCredentialCarriers } from './checks/ignored-auth.js';
import { NOT_SENT } from './own-records.js';
import type { ContractOptions } from './options.js';
import type { Plan } from './plan-shape.js';
import { Planner, type FixtureRecipe, type PlannedCase } from './planner.js';
import { positiveCases } from './positive-cases.js';
import { applicablePrerequisites, bundledPrerequisites, type PrerequisiteEntry } from './prerequisites.js';
import { inferResources } from '../spec/resource-model.js';
import { deriveResources, type Resource } from './resources.js';
import { createSchemaRegistry, type SchemaRegistry } from './schema-registry.js';
import { stateCases } from './state-cases.js';
import { deepCases } from './phases/deep-cases.js';
import { listAuditCases } from './phases/list-audit.js';
import type { PhaseName } from './phases/phase-options.js';

export type { PlannedCase, FixtureRecipe } from './planner.js';

export type { Plan } from './plan-shape.js';

export type PlanOptions = Pick<ContractOptions, 'tags' | 'operations' | 'skipStability' | 'includeRateLimit'> & {
  readonlyKey?: string | undefined;
  /** Entries of the user's --prerequisites files, applied with the bundled Petstore ones. */
  prerequisites?: readonly PrerequisiteEntry[];
  /** Which credentials the run has (default: an API key, and the read-only key when given). */
  available?: AvailableCredentials;
  phases?: readonly PhaseName[];
  /** Without it, a case whose request could change what the run did not create is skipped. */
  allowDestructive?: boolean;
};

export function buildPlan(loaded: LoadedDocument, options: PlanOptions): Plan {
  let index: OperationIndex;
  try {
    index = buildOperationIndex(loaded.document, loaded.file);
  } catch (err) {
    if (err instanceof SpecError) throw new ContractRunError(err.message.split('\n').join(' '));
    throw err;
  }
  const securitySchemes = (loaded.document.components?.securitySchemes ?? {}) as Record<string, OpenAPIV3.SecuritySchemeObject>;
  const selected = selectOperations(index, options);
  // One resource model, the mock's (src/spec/resource-model.ts): what it creates, and what answers 404.
  const model = inferResources(index.operations);
  const resources = deriveResources(index, model);
  const prerequisites = applicablePrerequisites(index, [...bundledPrerequisites(), ...(options.prerequisites ?? [])]);
  const available = options.available ?? { apiKey: true, basic: false, readonlyKey: options.readonlyKey !== undefined, credentialHeader: false };
  const planner = new Planner(index, resources, options.skipStability, { prerequisites, securitySchemes, available, model });
  const cases: PlannedCase[] = [];
  // Without phases (callers of the plan alone), today's cases: the examples and negative phases.
  const phases = options.phases ?? ['examples', 'negative'];
  const wrongCredential = wrongCredentialCarriers(selected);
  for (const operation of selected) {
    if (phases.includes('examples')) cases.push(...positiveCases(planner, operation));
    if (phases.includes('negative')) cases.push(...negativeCases(planner, operation, { readonlyKey: options.readonlyKey !== undefined, wrongCredential: wrongCredential.has(operation) }));
    if (phases.includes('examples')) cases.push(...stateCases(planner, operation), ...listAuditCases(planner, operation));
  }
  cases.push(...deepCases(planner, selected, phases));
  if (options.includeRateLimit) cases.push(rateLimitCase(planner, selected));
  if (!options.allowDestructive) for (const c of cases) if (c.destructive) c.skipReason ??= NOT_SENT;
  return { file: loaded.file, index, selected, resources, recipes: planner.recipes, schemas: createSchemaRegistry(index.operations), securitySchemes, security: loaded.document.security ?? [], cases };
}

/** `--tag`, `--operation` and `--skip-stability`; an unknown tag or operationId is a mistake, not an empty run. */
export function selectOperations(index: OperationIndex, options: Pick<PlanOptions, 'tags' | 'operations' | 'skipStability'>): Operation[] {
  const known = index.operations.map((o) => o.operationId);
  const unknownIds = options.operations.filter((id) => !known.includes(id));
  if (unknownIds.length > 0) throw new ContractRunError(`--operation ${unknownIds.join(', ')}: no such operationId in the document (it has ${known.join(', ')})`);
  const tags = new Set(index.operations.flatMap((o) => o.tags));
  const unknownTags = options.tags.filter((t) => !tags.has(t));
  if (unknownTags.length > 0) throw new ContractRunError(`--tag ${unknownTags.join(', ')}: no operation has that tag (tags: ${[...tags].join(', ')})`);
  return index.operations.filter(
    (o) =>
      (options.tags.length === 0 || o.tags.some((t) => options.tags.includes(t))) &&
      (options.operations.length === 0 || options.operations.includes(o.operationId)) &&
      !(o.stability && options.skipStability.includes(o.stability)),
  );
}

/**
 * Drives the rate-limit key to 429 on a cheap GET: a selected list operation (no path parameter,
 * no required query), else any in the document; `limit` at its minimum keeps answers small.
 */
function rateLimitCase(planner: Planner, selected: readonly Operation[]): PlannedCase {
  const cheap = (o: Operation) => o.method === 'get' && templateNames(o.path).length === 0 && !o.parameters.some((p) => p.in !== 'path' && p.required);
  const operation = selected.find(cheap) ?? planner.index.operations.find(cheap);
  if (!operation) {
    const any = selected[0] ?? planner.index.operations[0]!;
    return planner.makeCase(any, { id: `${any.operationId}/rate-limit/drive-to-429`, title: 'drive a key to 429', kind: 'rate-limit', request: planner.template(any, 'rate-limit-key'), expect: ['429'], skipReason: 'the document has no GET without parameters to repeat' });
  }
  const limit = operation.parameters.find((p) => p.in === 'query' && p.name === 'limit');
  const minimum = (limit?.schema as Schema | undefined)?.minimum;
  const query = limit && minimum !== undefined ? { limit: minimum } : {};
  return planner.makeCase(operation, {
    id: `${operation.operationId}/rate-limit/drive-to-429`,
    title: `GET ${operation.path} repeated until 429: Remaining falls by one a request, Retry-After agrees with Reset, the 429 is an Error`,
    kind: 'rate-limit',
    request: planner.template(operation, 'rate-limit-key', { query }),
    expect: ['429'],
    ...(documents(operation, '429') ? {} : { skipReason: `${operation.operationId} does not document 429` }),
  });
}
