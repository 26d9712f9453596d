// Starts LoopBack 4's tutorial app, `@loopback/example-todo` 6.0.0 (the npm package, unchanged), as
// its own entry point does when run (`node dist/index.js`, PORT and HOST from the environment), in a
// fresh temp directory holding a copy of the package's data/db.json: its memory datasource reads and
// writes ./data/db.json, so the package's own file is never written.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const PACKAGE = dirname(require.resolve('@loopback/example-todo/package.json'));

export interface TodoServer {
  url: string;
  /** Where the app's memory datasource keeps its file (data/db.json). */
  dir: string;
  close(): Promise<void>;
}

export async function startLoopbackTodo(): Promise<TodoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'loopback-todo-'));
  mkdirSync(join(dir, 'data'));
  copyFileSync(join(PACKAGE, 'data', 'db.json'), join(dir, 'data', 'db.json'));
  // Creating a todo with remindAtAddress makes the app call the US Census geocoder. The proxy is a
  // closed local port, so that call fails at once on every machine (as it does on one without
  // internet) instead of reaching out; the app answers it with 500.
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', HTTPS_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9', NO_PROXY: '', no_proxy: '' };
  const child = spawn(process.execPath, [join(PACKAGE, 'dist', 'index.js')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Server is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) resolve(found[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`@loopback/example-todo exited (${code}) before listening: ${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    dir,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
