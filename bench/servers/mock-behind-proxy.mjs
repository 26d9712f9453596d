// The validation proxy in front of our mock, both in this one process (so both share the server's
// core, as a sidecar would): what `ours via proxy` costs against `ours` alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { startMock } = await import(`${ROOT}dist/http/start-mock.js`);
const { parseKeyConfigText } = await import(`${ROOT}dist/rate-limit/key-config.js`);
const { startProxy } = await import(`${ROOT}dist/proxy/proxy-server.js`);

const keysFile = `${ROOT}bench/bench-keys.json`;
const config = parseKeyConfigText(readFileSync(keysFile, 'utf8'), keysFile);
const mock = await startMock({ port: 0, quiet: true, config });
await startProxy({ upstream: mock.url, specFile: `${ROOT}spec/petstore.yaml`, port: Number(process.argv[2]), host: '127.0.0.1' });
process.stdout.write('ready\n');
