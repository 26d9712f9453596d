// "Every answer validated against the document" (INTERFACE section 15): each answer the mock gave
// during the run (every exchange of the runner's JSON report: cases, set-ups, read-backs,
// clean-ups) is checked again here, apart from what the runner expected of it, for what the
// document promises of any answer: a documented status, a documented content type, a body that
// fits the documented schema. Uses the built document layer and the runner's check functions.
import { loadDocument } from '../../dist/spec/load-document.js';
import { buildOperationIndex } from '../../dist/spec/operation-index.js';
import { createSchemaRegistry } from '../../dist/contract/schema-registry.js';
import { statusCodeConformance } from '../../dist/contract/checks/status-code-conformance.js';
import { contentTypeConformance } from '../../dist/contract/checks/content-type-conformance.js';
import { responseSchemaConformance } from '../../dist/contract/checks/response-schema-conformance.js';

const CHECKS = [statusCodeConformance, contentTypeConformance, responseSchemaConformance];

/** `{ conform, total, problems }`: answers that break none of the three, of all answers; the first problems. */
export async function checkAnswers(doc, report) {
  const loaded = await loadDocument(doc);
  const index = buildOperationIndex(loaded.document, loaded.file);
  const byId = new Map(index.operations.map((op) => [op.operationId, op]));
  const schemas = createSchemaRegistry(index.operations);
  let total = 0;
  let conform = 0;
  const problems = [];
  for (const c of report.cases) {
    for (const exchange of c.exchanges ?? []) {
      if (!exchange.response) continue;
      const operation = byId.get(exchange.operationId ?? c.operationId);
      if (!operation) continue;
      total += 1;
      const found = CHECKS.flatMap((check) => check(exchange, operation, { schemas, receivedAt: 0 }));
      if (found.length === 0) conform += 1;
      else if (problems.length < 5) problems.push({ caseId: c.id, check: found[0].check, message: found[0].message.slice(0, 240) });
    }
  }
  return { conform, total, problems };
}
