// CI's sweep: the fixed sample of bench/sweep/ci-expected.json, each document held to what the
// file lists for it (compareWithExpected). Exit 0 when every document is as listed, 1 otherwise.
//   npm run sweep:ci [-- --jobs 1|2] [--update]
// --update writes what this run found back into the file (the same documents, their outcome and
// failing cases now), for a person to read in the diff and commit after a change moved them.
import { readFileSync, writeFileSync } from 'node:fs';
import { compareWithExpected } from './ci-compare.mjs';
import { documentLine, runDocuments, summaryLine } from './run-documents.mjs';

const EXPECTED = new URL('./ci-expected.json', import.meta.url);
const args = process.argv.slice(2);
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;
const update = args.includes('--update');
const file = JSON.parse(readFileSync(EXPECTED, 'utf8'));
const { budget, documents } = file;
const ids = Object.keys(documents);
console.log(`sweep:ci of ${ids.length} documents listed in bench/sweep/ci-expected.json (${jobs} at a time; ${budget} s each at most)`);
let problems = 0;
const results = await runDocuments(ids, {
  jobs,
  budget,
  onResult: (r) => {
    const found = compareWithExpected(documents[r.id], r);
    problems += found.length;
    console.log(documentLine(r));
    for (const p of found) console.log(`  ${r.id}: ${p}`);
  },
});
console.log(summaryLine(results));
if (update) {
  for (const r of results) documents[r.id] = entryOf(r, documents[r.id]);
  writeFileSync(EXPECTED, `${JSON.stringify(file, null, 1)}\n`);
  console.log('sweep:ci: bench/sweep/ci-expected.json rewritten from this run (read the diff before committing it)');
  process.exit(0);
}
console.log(problems === 0 ? 'sweep:ci: every document as listed' : `sweep:ci: ${problems} differences from bench/sweep/ci-expected.json`);
process.exit(problems === 0 ? 0 : 1);

/** What a document is held to from now on: its outcome now, its failing cases and bad answers. */
function entryOf(result, before) {
  if (result.outcome === 'clean') return { outcome: 'clean' };
  const entry = { outcome: result.outcome, class: before?.class ?? 'unclassified' };
  if (result.outcome === 'runner-failed') {
    entry.failing = [...new Set((result.runner?.failures ?? []).map((c) => c.id))];
    entry.answersNotConforming = (result.answers?.total ?? 0) - (result.answers?.conform ?? 0);
  }
  return entry;
}
