// Prism's validation proxy (`prism proxy`, @stoplight/prism-cli) in front of our mock: the baseline
// users compare `ours via proxy` with. Our mock runs in this process, Prism's proxy in a child that
// inherits this process's CPU affinity, so both share the server's core as `ours via proxy` does.
// Prism is silenced (-v silent), as our proxy is under the bench.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;
const { startMock } = await import(`${ROOT}dist/http/start-mock.js`);
const { parseKeyConfigText } = await import(`${ROOT}dist/rate-limit/key-config.js`);

const keysFile = `${ROOT}bench/bench-keys.json`;
const config = parseKeyConfigText(readFileSync(keysFile, 'utf8'), keysFile);
const mock = await startMock({ port: 0, quiet: true, config });
const prism = spawn(process.execPath, [PRISM, 'proxy', `${ROOT}spec/petstore.yaml`, mock.url, '-p', process.argv[2], '-h', '127.0.0.1', '-v', 'silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
prism.once('exit', (code) => process.exit(code ?? 1));
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => prism.kill(signal));
process.stdout.write('ready\n');
