#!/usr/bin/env node
// The kit's first minute under the Node that runs this script (.ci/run runs it under Node 22 and
// 24 with `npx -p node@N node scripts/smoke.mjs`, `npm run build` first): the built CLI's mock
// starts on a free port and answers, the contract runner (the built CLI too) runs the examples of
// two operations against it and conforms, and SIGTERM stops the mock with status 0. One line per
// step; any failure exits 1 naming the step.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
const say = (line) => process.stdout.write(`smoke (node ${process.version}): ${line}\n`);

function fail(step, detail) {
  process.stderr.write(`smoke (node ${process.version}): FAILED ${step}: ${detail}\n`);
  process.exit(1);
}

const mock = spawn(process.execPath, [CLI, 'mock', '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
let stderr = '';
mock.stderr.on('data', (d) => (stderr += d));
const exited = new Promise((resolve) => mock.once('exit', (code) => resolve(code)));
let listening = false;
const url = await new Promise((resolve) => {
  let out = '';
  mock.stdout.on('data', (d) => {
    out += d;
    const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
    if (found) (listening = true), resolve(found[0]);
  });
  void exited.then((code) => listening || fail('mock start', `exited ${code}: ${stderr}`));
});
say(`mock listening on ${url}`);

try {
  const res = await fetch(`${url}/pets?limit=3`, { headers: { 'X-API-Key': 'demo-pro' } });
  const pets = await res.json();
  if (res.status !== 200 || !Array.isArray(pets) || pets.length !== 3) fail('mock answer', `GET /pets?limit=3 gave ${res.status} ${JSON.stringify(pets).slice(0, 200)}`);
  say('GET /pets?limit=3 answered 200 with 3 pets');

  const contract = await promisify(execFile)(process.execPath, [CLI, 'contract', '--base-url', url, '--api-key', 'demo-enterprise', '--operation', 'getCategoryById', '--operation', 'listPets', '--phases', 'examples'])
    .catch((error) => fail('contract run', `exit ${error.code}: ${error.stdout}${error.stderr}`));
  say(`contract run against the mock conforms: ${contract.stdout.trim().split('\n').at(-1)}`);
} finally {
  mock.kill('SIGTERM');
}
const code = await exited;
if (code !== 0) fail('mock stop', `SIGTERM gave exit ${code}: ${stderr}`);
say('SIGTERM stopped the mock, exit 0');
