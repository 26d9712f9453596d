import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildPlan, type Plan, type PlanOptions } from '../../../src/contract/plan.js';
import type { RequestTemplate } from '../../../src/contract/request-template.js';
import { loadDocument, type LoadedDocument } from '../../../src/spec/load-document.js';
import { templateNames } from '../../../src/spec/operation-index.js';
import { SpecError } from '../../../src/spec/spec-error.js';

const CORPUS = fileURLToPath(new URL('../../fixtures/documents/', import.meta.url));
const folders = readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const entryOf = (folder: string) => ['openapi.yaml', 'swagger.yaml', 'swagger.json'].map((f) => join(CORPUS, folder, f)).find((f) => existsSync(f))!;
const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: true, readonlyKey: 'ro' };

/** What is wrong with a template the plan would send: an operation it does not know, a fixture with no recipe, a path value it lacks. */
function templateProblems(plan: Plan, template: RequestTemplate): string[] {
  const operation = plan.index.byId(template.operationId);
  if (!operation) return [`${template.operationId} is not in the document`];
  const problems = templateNames(operation.path).filter((name) => template.pathParams[name] === undefined).map((name) => `${operation.operationId} has no value for {${name}}`);
  for (const source of Object.values(template.pathParams)) if ('fixture' in source && !plan.recipes.has(source.fixture)) problems.push(`no recipe for ${source.fixture}`);
  return problems;
}

// The documents this branch's loader reads (OpenAPI 3.0); the loading work adds 3.1 and Swagger 2.0.
const LOADED_HERE = ['link-example', 'swagger-petstore-3', 'uspto'];

describe('the plan over the corpus of third-party documents (test/fixtures/documents)', () => {
  it('has the corpus', () => {
    expect(folders.length).toBeGreaterThanOrEqual(6);
  });

  it.each(folders)('%s: the plan builds, and every case is either planned whole or skipped with a reason', async (folder) => {
    let loaded: LoadedDocument;
    try {
      loaded = await loadDocument(entryOf(folder));
    } catch (err) {
      // A document the loader refuses is a clear exit 2 naming the file, never a crash.
      expect(err).toBeInstanceOf(SpecError);
      expect((err as Error).message).toContain(folder);
      expect(LOADED_HERE).not.toContain(folder);
      return;
    }
    const plan = buildPlan(loaded, defaults);
    expect(plan.cases.length).toBeGreaterThan(0);
    for (const c of plan.cases) {
      const recipes = c.fixtures.map((name) => plan.recipes.get(name));
      expect(recipes.every((r) => r !== undefined), `${c.id}: fixtures ${c.fixtures.join(', ')}`).toBe(true);
      if (c.skipReason !== undefined) {
        expect(c.skipReason.length, c.id).toBeGreaterThan(10);
        continue;
      }
      const templates = [...recipes.flatMap((r) => [...r!.prepare, r!.request]), ...c.prepare, c.request];
      expect(templates.flatMap((t) => templateProblems(plan, t)), c.id).toEqual([]);
      const guessed = templates.filter((t) => !(t === c.request && /\/(no|wrong)-key$/.test(c.id))).flatMap((t) => [...(t.unknown ?? []), ...Object.values(t.pathParams).filter((v) => 'unknown' in v && v.unknown)]);
      expect(guessed, `${c.id} is planned with values it cannot know`).toEqual([]);
    }
  });
});
