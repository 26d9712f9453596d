import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Resolves with the URL the banner prints (the mock was started with --port 0). */
async function started(r: Run): Promise<string> {
  for (;;) {
    const m = /(http:\/\/127\.0\.0\.1:\d+)\s/.exec(r.stdout());
    if (m) return m[1]!;
    const code = await Promise.race([r.exit, new Promise((res) => setTimeout(() => res('wait'), 25))]);
    if (code !== 'wait') throw new Error(`exited ${String(code)}: ${r.stderr()}`);
  }
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('petstore-kit mock', () => {
  it('prints the URL, the demo keys with their plans and a curl example, then serves and logs', async () => {
    const r = run(['mock', '--port', '0']);
    try {
      const url = await started(r);
      for (const key of ['demo-free', 'demo-pro', 'demo-business', 'demo-enterprise', 'demo-readonly']) expect(r.stdout()).toContain(key);
      expect(r.stdout()).toMatch(/demo-readonly\s+Free\s+60\/min\s+1000\/day\s+read-only/);
      expect(r.stdout()).toContain(`curl -s -H 'X-API-Key: demo-pro' '${url}/pets?limit=3'`);
      const res = await fetch(`${url}/pets?limit=3`, { headers: { 'X-API-Key': 'demo-pro' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(3);
      for (let i = 0; i < 40 && !/GET\s+\/pets 200/.test(r.stdout()); i++) await new Promise((res) => setTimeout(res, 25));
      expect(r.stdout()).toMatch(/GET\s+\/pets 200 [\d.]+ms key=demo…ro/);
      expect(r.stdout()).not.toContain('key=demo-pro');
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await r.exit).toBe(0);
  });

  it('gives the same data for the same --seed and different data for another', async () => {
    const bodies: string[] = [];
    for (const seed of ['7', '7', '8']) {
      const r = run(['mock', '--port', '0', '--seed', seed, '--quiet']);
      try {
        const url = await started(r);
        bodies.push(await (await fetch(`${url}/pets?limit=100`, { headers: { 'X-API-Key': 'demo-pro' } })).text());
      } finally {
        r.child.kill('SIGTERM');
        await r.exit;
      }
    }
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[0]).not.toBe(bodies[2]);
  });

  it('refuses a broken document at start with a message naming the problem, exit 2', async () => {
    const file = join(dir, 'broken.yaml');
    await writeFile(file, 'openapi: 3.0.3\ninfo:\n  title: x\n  version: 1\npaths:\n  /pets:\n    get:\n      responses: nope\n');
    const r = run(['mock', '--port', '0', '--spec', file]);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toContain(`${file}: is not a valid OpenAPI 3.0 document`);
    expect(r.stderr()).not.toMatch(/\n\s+at /);
  });

  it('serves a document the Petstore pack knows nothing of, printing the behaviour of each operation', async () => {
    const file = join(dir, 'other.yaml');
    await writeFile(file, 'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /owners:\n    get:\n      operationId: listOwners\n      responses: { "200": { description: ok } }\n');
    const r = run(['mock', '--port', '0', '--spec', file]);
    try {
      const url = await started(r);
      expect(r.stdout()).toMatch(/^ {2}GET \/owners {2}example$/m);
      const res = await fetch(`${url}/owners`, { headers: { 'X-API-Key': 'demo-pro' } });
      expect(res.status).toBe(200);
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await r.exit).toBe(0);
  });

  it('refuses a broken config file naming the field, exit 2', async () => {
    const file = join(dir, 'keys.json');
    await writeFile(file, JSON.stringify({ keys: [{ key: 'k-123456', plan: 'Gold' }] }));
    const r = run(['mock', '--port', '0', '--config', file]);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toMatch(/keys\[0\]\.plan/);
  });

  it('refuses an unknown flag or a bad port with usage, exit 2', async () => {
    const unknown = run(['mock', '--colour']);
    expect(await unknown.exit).toBe(2);
    expect(unknown.stderr()).toContain('--colour');
    expect(unknown.stderr()).toContain('usage: petstore-kit mock');
    const port = run(['mock', '--port', 'abc']);
    expect(await port.exit).toBe(2);
    expect(port.stderr()).toContain('--port must be an integer');
  });
});
