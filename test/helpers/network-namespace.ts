/**
 * Another machine on the network, for tests of what a non-loopback peer gets: a Linux network
 * namespace joined to this one by a veth pair (iproute2's `ip`, needs root). This side gets
 * `hostAddress`, the namespace `peerAddress`, in a /30 of 10.x named after the process id.
 * `curl` run in the namespace is a client whose peer address is `peerAddress`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OtherMachine {
  hostAddress: string;
  peerAddress: string;
  /** `curl` in the namespace: the status code it got (0: no connection) and the body. */
  curl(args: string[]): Promise<{ status: number; body: string }>;
  remove(): Promise<void>;
}

export async function createOtherMachine(): Promise<OtherMachine> {
  const id = process.pid % 100000;
  const ns = `pk-other-${id}`;
  const [here, there] = [`pkh${id}`, `pkn${id}`];
  const net = `10.${200 + (id % 50)}.${Math.floor(id / 50) % 256}`;
  const [hostAddress, peerAddress] = [`${net}.1`, `${net}.2`];
  const remove = async () => {
    await run('ip', ['netns', 'del', ns]).catch(() => {});
    await run('ip', ['link', 'del', here]).catch(() => {});
  };
  await remove();
  try {
    for (const command of [
      ['netns', 'add', ns],
      ['link', 'add', here, 'type', 'veth', 'peer', 'name', there],
      ['link', 'set', there, 'netns', ns],
      ['addr', 'add', `${hostAddress}/30`, 'dev', here],
      ['link', 'set', here, 'up'],
      ['-n', ns, 'addr', 'add', `${peerAddress}/30`, 'dev', there],
      ['-n', ns, 'link', 'set', there, 'up'],
      ['-n', ns, 'link', 'set', 'lo', 'up'],
    ]) await run('ip', command);
  } catch (error) {
    await remove();
    throw new Error(`cannot make a network namespace (root and iproute2 needed): ${(error as Error).message}`);
  }
  return {
    hostAddress,
    peerAddress,
    remove,
    curl: async (args) => {
      const { stdout } = await run('ip', ['netns', 'exec', ns, 'curl', '-s', '--max-time', '20', '-w', '\n%{http_code}', ...args]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '\n0' }));
      const cut = stdout.lastIndexOf('\n');
      return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
    },
  };
}
