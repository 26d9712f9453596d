// The independent trial of issue 11: every defect of the blind Petstore (test/fixtures/blind-petstore),
// each on a fresh server, run by the default phases and by the deep phases; prints the detection table.
//   npm run build && node scripts/blind-trial.mjs [--seeds 1,2,3] [--max-examples 20] [--defects a,b]
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFECTS, parseDefects } from '../test/fixtures/blind-petstore/defects.mjs';
import { startBlindPetstore } from '../test/fixtures/blind-petstore/server.mjs';

const run = promisify(execFile);
const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seeds = flag('--seeds', '1,2,3').split(',').map(Number);
const maxExamples = flag('--max-examples', '20');
const names = flag('--defects') ? [...parseDefects(flag('--defects'))] : ['(none)', ...Object.keys(DEFECTS)];

async function contract(defect, phases, seed) {
  const server = await startBlindPetstore({ defects: defect === '(none)' ? new Set() : new Set([defect]) });
  const out = mkdtempSync(join(tmpdir(), 'blind-trial-'));
  try {
    await run('node', ['dist/cli/main.js', 'contract', '--base-url', server.url, '--api-key', 'demo-enterprise', '--readonly-key', 'demo-readonly',
      '--phases', phases, '--seed', String(seed), '--max-examples', maxExamples, '--reporter', 'json', '--out', out], { maxBuffer: 1 << 26 }).catch((e) => e);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    return report.cases.filter((c) => c.status !== 'passed').map((c) => ({ id: c.id, checks: [...new Set(c.failures.map((f) => f.check))], repro: Boolean(c.repro) }));
  } finally {
    rmSync(out, { recursive: true, force: true });
    await server.close();
  }
}

const short = (fails) => [...new Set(fails.flatMap((f) => f.checks.map((c) => `${c}${f.repro ? '+repro' : ''}`)))].join(' ') || '-';
console.log(`| defect | default phases | deep phases (${seeds.map((s) => `seed ${s}`).join(' / ')}) |`);
console.log('|---|---|---|');
for (const defect of names) {
  const base = await contract(defect, 'examples,negative,boundary', seeds[0]);
  const deep = [];
  for (const seed of seeds) deep.push(await contract(defect, 'examples,negative,boundary,stateful,fuzz', seed));
  console.log(`| ${defect} | ${short(base)} | ${deep.map(short).join(' / ')} |`);
  if (args.includes('--verbose')) for (const f of deep.flat()) console.log(`    ${f.id}: ${f.checks.join(', ')}`);
}
