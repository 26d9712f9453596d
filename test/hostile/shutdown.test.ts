import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Graceful shutdown of the built CLI (npm test builds first): on SIGTERM or SIGINT the mock
 * stops accepting, lets the request in flight finish with its answer, and exits 0. A fault with
 * delayMs 800 keeps one request in flight; that wait is real time, the point being a real
 * process and real sockets.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const KEY = { 'X-API-Key': 'demo-pro' };

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function shutDownWithRequestInFlight(signal: 'SIGTERM' | 'SIGINT') {
  const child = spawn(process.execPath, [MAIN, 'mock', '--port', '0'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: performance.now() })));
  try {
    let url: string | undefined;
    while (!(url = /(http:\/\/127\.0\.0\.1:\d+)\s/.exec(out)?.[1])) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${err}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const port = Number(new URL(url).port);
    const fault = await fetch(`${url}/__admin/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ path: '/pets/{petId}', times: 1, status: 404, delayMs: 800 }) });
    expect(fault.status).toBe(201);
    const inFlight = fetch(`${url}/pets/1`, { headers: KEY }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: string; status: number; message: string }, at: performance.now() }));
    // The fault is taken when the request reaches the pipeline: from then on it is in flight.
    while (((await (await fetch(`${url}/__admin/faults`)).json()) as unknown[]).length > 0) await new Promise((r) => setTimeout(r, 10));
    const signalled = performance.now();
    child.kill(signal);
    let closed = false;
    for (let i = 0; i < 50 && !(closed = await refused(port)); i++) await new Promise((r) => setTimeout(r, 10));
    const answer = await inFlight;
    const { code, at } = await exit;
    return { closed, answer, code, err, exitAfterAnswerMs: at - answer.at, answeredBeforeExit: answer.at <= at };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('graceful shutdown of petstore-kit mock', () => {
  it('on SIGTERM and on SIGINT: refuses new connections, answers the request in flight, exits 0', async () => {
    const [term, int] = await Promise.all([shutDownWithRequestInFlight('SIGTERM'), shutDownWithRequestInFlight('SIGINT')]);
    for (const [signal, run] of [['SIGTERM', term], ['SIGINT', int]] as const) {
      expect(run.closed, `${signal}: new connections refused`).toBe(true);
      expect(run.answer.status, signal).toBe(404);
      expect(run.answer.body).toMatchObject({ code: 'not_found', status: 404 });
      expect(run.answer.body.message).toMatch(/Fault injected/);
      expect(run.answeredBeforeExit, signal).toBe(true);
      expect(run.code, `${signal}: ${run.err}`).toBe(0);
      expect(run.err).toContain(`${signal}: finishing in-flight requests and stopping`);
      expect(run.err).not.toMatch(/warning|error/i);
      // Stopped once the answer was sent, not when close()'s 2 s grace period for busy
      // connections ran out (that would be about 1.2 s after the answer).
      expect(run.exitAfterAnswerMs, `${signal}: stopped soon after the answer`).toBeLessThan(900);
    }
  });
});
