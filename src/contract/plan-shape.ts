import type { OperationIndex, Operation } from '../spec/operation-index.js';
import type { SecurityRequirements, SecuritySchemes } from './credential-placement.js';
import type { FixtureRecipe, PlannedCase } from './planner.js';
import type { Resource } from './resources.js';
import type { SchemaRegistry } from './schema-registry.js';

// The plan's shape apart from buildPlan (plan.ts), which imports every phase's planning: what runs
// a case (case-run.ts, request-builder.ts) reads the plan through this file, and so no phase that
// takes a CaseRun closes an import cycle back through the planning.

/** Everything the engine needs, built from the document alone before any request is made. */
export interface Plan {
  file: string;
  index: OperationIndex;
  /** The operations the filters kept, in document order. */
  selected: readonly Operation[];
  resources: ReadonlyMap<string, Resource>;
  recipes: ReadonlyMap<string, FixtureRecipe>;
  schemas: SchemaRegistry;
  /** The document's securitySchemes, and its top-level security (for URLs of no known operation). */
  securitySchemes: SecuritySchemes;
  security: SecurityRequirements;
  cases: readonly PlannedCase[];
}
