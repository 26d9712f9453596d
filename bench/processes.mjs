// What the bench scripts share about the processes they start: a free port, a graceful stop, the
// CPU time a process has used, and the median of a run's rounds.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A port the system hands out on loopback, free when asked. */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after 3 s; resolves when the child has exited. */
export function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

/** CPU seconds (user + system) the process has used, from /proc (undefined where there is none). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
