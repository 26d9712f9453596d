#!/usr/bin/env node
// npm run lint:spec: Redocly's linter on a document, with the rules of redocly.yaml.
//   node scripts/lint-spec.mjs [FILE] (default spec/petstore.yaml)
// Called through @redocly/openapi-core (the kit's runtime dependency) rather than the redocly CLI,
// whose start-up prints a Node 20 end-of-life box on every npm test (issue 23, item 7); the rules
// and their findings are the same library's.
import { formatProblems, getTotals, lint, loadConfig } from '@redocly/openapi-core';

const file = process.argv[2] ?? 'spec/petstore.yaml';
const config = await loadConfig({ configPath: 'redocly.yaml' });
let problems;
try {
  problems = await lint({ ref: file, config });
} catch (error) {
  console.error(`lint:spec: ${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const totals = getTotals(problems);
if (problems.length > 0) formatProblems(problems, { format: 'codeframe', totals, version: 'petstore-kit' });
console.log(`lint:spec: ${file}: ${totals.errors} errors, ${totals.warnings} warnings`);
process.exit(totals.errors > 0 ? 1 : 0);
