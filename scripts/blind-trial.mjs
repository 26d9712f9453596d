// The independent trial of issues 11 and 21: every defect of the blind Petstore
// (test/fixtures/blind-petstore), each on a fresh server, run by the default phases (first seed) and by
// all phases (each seed); prints the detection table, one row per defect as it is done.
//   npm run build && node scripts/blind-trial.mjs [--seeds 1,2,3] [--max-examples 20] [--defects a,b] [--jobs 3]
//     [--deep-phases stateful,fuzz]   (default: all five phases again on each seed)
// A cell lists phase:check for each failing case's checks ("-" when nothing failed); the clean row's
// cells are false alarms.
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
const jobs = Number(flag('--jobs', '1'));
const names = flag('--defects') ? [...parseDefects(flag('--defects'))] : ['(none)', ...Object.keys(DEFECTS)];
const DEFAULT_PHASES = 'examples,negative,boundary';
const DEEP_PHASES = flag('--deep-phases', 'examples,negative,boundary,stateful,fuzz');

async function contract(defect, phases, seed) {
  const server = await startBlindPetstore({ defects: defect === '(none)' ? new Set() : new Set([defect]) });
  const out = mkdtempSync(join(tmpdir(), 'blind-trial-'));
  try {
    await run('node', ['dist/cli/main.js', 'contract', '--base-url', server.url, '--api-key', 'demo-enterprise', '--readonly-key', 'demo-readonly',
      '--phases', phases, '--seed', String(seed), '--max-examples', maxExamples, '--reporter', 'json', '--out', out], { maxBuffer: 1 << 26 }).catch((e) => e);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
    return report.cases.filter((c) => c.status !== 'passed').map((c) => ({
      id: c.id,
      phase: c.id.split('/')[1] ?? '?',
      status: c.status,
      checks: [...new Set((c.failures ?? []).map((f) => f.check))],
      repro: Boolean(c.repro),
    }));
  } catch (error) {
    return [{ id: '(run)', phase: '-', status: 'error', checks: [`no report: ${error.message.split('\n')[0]}`], repro: false }];
  } finally {
    rmSync(out, { recursive: true, force: true });
    await server.close();
  }
}

const short = (fails) =>
  [...new Set(fails.flatMap((f) => (f.checks.length ? f.checks : [f.status]).map((c) => `${f.phase}:${c}${f.repro ? '+repro' : ''}`)))].join(' ') || '-';

async function trial(defect) {
  const base = await contract(defect, DEFAULT_PHASES, seeds[0]);
  const deep = [];
  for (const seed of seeds) deep.push(await contract(defect, DEEP_PHASES, seed));
  let row = `| ${defect} | ${short(base)} | ${deep.map(short).join(' / ')} |`;
  if (args.includes('--verbose')) row += `\n${[...base, ...deep.flat()].map((f) => `    ${f.id}: ${f.status} ${f.checks.join(', ')}`).join('\n')}`;
  return row;
}

console.log(`| defect | default phases (seed ${seeds[0]}) | ${DEEP_PHASES} (${seeds.map((s) => `seed ${s}`).join(' / ')}) |`);
console.log('|---|---|---|');
const queue = [...names];
await Promise.all(Array.from({ length: Math.max(1, jobs) }, async () => {
  while (queue.length > 0) console.log(await trial(queue.shift()));
}));
