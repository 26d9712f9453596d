// CI's sweep: the fixed sample of bench/sweep/ci-expected.json, each document held to what the
// file lists for it (compareWithExpected). Exit 0 when every document is as listed, 1 otherwise.
//   npm run sweep:ci [-- --jobs 1|2]
import { readFileSync } from 'node:fs';
import { compareWithExpected } from './ci-compare.mjs';
import { documentLine, runDocuments, summaryLine } from './run-documents.mjs';

const EXPECTED = new URL('./ci-expected.json', import.meta.url);
const args = process.argv.slice(2);
const jobs = args.includes('--jobs') ? Number(args[args.indexOf('--jobs') + 1]) : 2;
const { budget, documents } = JSON.parse(readFileSync(EXPECTED, 'utf8'));
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
console.log(problems === 0 ? 'sweep:ci: every document as listed' : `sweep:ci: ${problems} differences from bench/sweep/ci-expected.json`);
process.exit(problems === 0 ? 0 : 1);
