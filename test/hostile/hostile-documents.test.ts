/**
 * Hostile `--spec` documents through the built CLI, as a user meets them: each is refused with
 * exit 2 and one message naming the file, the JSON path and the reason, quickly, without a stack
 * trace; none hangs or crashes. (Documents that load, such as deep-ref-cycle and huge-enum, are
 * covered where they are served: test/unit/spec, test/unit/validation, test/unit/generation.)
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const HOSTILE = 'test/fixtures/hostile-documents';
// Generous for a loaded 2-core machine; a hang would meet it, a refusal takes well under a second.
const BOUND_MS = 15_000;

function run(args: string[]): Promise<{ code: number | null; stderr: string; ms: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearTimeout(timer);
    resolve({ code, stderr, ms: performance.now() - start });
  }));
}

const refused = [
  ['ref-outside-folder/api/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref', 'points outside the document\'s folder'],
  ['ref-parent-folder/spec/swagger.yaml', '/paths/~1pets/get/responses/default/schema/$ref', 'points outside the document\'s folder'],
  ['ref-absolute-path/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref', 'points outside the document\'s folder'],
  ['ref-url/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref', 'is a URL'],
  ['self-ref/openapi.yaml', '/schema/$ref', 'only leads back to itself'],
  ['yaml-alias-bomb/openapi.yaml', '(at /x-bomb/lol', 'an alias bomb is refused'],
  ['not-openapi/openapi.yaml', 'at the top level', 'is not an OpenAPI document'],
  ['invalid-structure/openapi.yaml', '/paths/~1things/parameters', 'must be array'],
] as const;

describe.each(['mock', 'contract'])('%s --spec with a hostile document', (command) => {
  const extra = command === 'mock' ? ['--port', '0'] : ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k'];
  it.each(refused)('%s: exit 2 naming the file, %s and the reason', async (name, pointer, reason) => {
    const file = `${HOSTILE}/${name}`;
    const { code, stderr, ms } = await run([command, '--spec', file, ...extra]);
    expect(code).toBe(2);
    expect(stderr).toContain(file);
    expect(stderr).toContain(pointer);
    expect(stderr).toContain(reason);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
