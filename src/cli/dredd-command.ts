/**
 * `npm run contract:dredd -- --base-url URL --api-key KEY [--out DIR] [--spec FILE]`: runs Dredd 14
 * over the document with the hooks in contracts/, writing `<out>/dredd-junit.xml`.
 * Exit status as for `contract`: 0 every transaction passed, 1 some failed, 2 the run could not be made.
 */
import { spawn } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DREDD_HOOKFILE = join(PACKAGE_ROOT, 'contracts', 'dredd-hooks.cjs');
export const DEFAULT_DREDD_SPEC = join(PACKAGE_ROOT, 'spec', 'petstore.yaml');
export const DREDD_JUNIT_FILE = 'dredd-junit.xml';

export const DREDD_USAGE = `usage: npm run contract:dredd -- --base-url URL --api-key KEY [--out DIR] [--spec FILE]

Runs Dredd 14 over the OpenAPI document against a live server, with the hooks in
contracts/dredd-hooks.cjs, and writes DIR/${DREDD_JUNIT_FILE} (JUnit XML).

  --base-url URL   the server to test (http or https)
  --api-key KEY    sent as X-API-Key; needs write scope (the hooks create and delete records)
  --out DIR        where the JUnit file goes (default: reports)
  --spec FILE      the OpenAPI document (default: the package's spec/petstore.yaml)

Exit status: 0 every transaction passed, 1 some failed, 2 the run could not be made.
`;

export interface DreddOptions {
  baseUrl: string;
  apiKey: string;
  outDir: string;
  specFile: string;
}

export interface DreddCliIo {
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Checks the target answers before Dredd starts (tests may replace it). */
  probe?: (url: string) => Promise<void>;
}

export class DreddUsageError extends Error {}

const FLAGS = { '--base-url': 'baseUrl', '--api-key': 'apiKey', '--out': 'outDir', '--spec': 'specFile' } as const;

/** Flags -> options, or 'help'. Accepts `--flag value` and `--flag=value`. */
export function parseDreddArgs(argv: readonly string[]): DreddOptions | 'help' {
  const values: Partial<Record<(typeof FLAGS)[keyof typeof FLAGS], string>> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = (FLAGS as Record<string, (typeof FLAGS)[keyof typeof FLAGS]>)[flag];
    if (!key) throw new DreddUsageError(`unknown argument '${arg}'`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) throw new DreddUsageError(`${flag} needs a value`);
    values[key] = value;
  }
  if (!values.baseUrl) throw new DreddUsageError('--base-url is required');
  if (!values.apiKey) throw new DreddUsageError('--api-key is required');
  let url: URL;
  try {
    url = new URL(values.baseUrl);
  } catch {
    throw new DreddUsageError(`--base-url '${values.baseUrl}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DreddUsageError(`--base-url must be http or https, not ${url.protocol}`);
  const specFile = resolve(values.specFile ?? DEFAULT_DREDD_SPEC);
  if (!existsSync(specFile)) throw new DreddUsageError(`--spec ${specFile} does not exist`);
  return { baseUrl: values.baseUrl.replace(/\/+$/, ''), apiKey: values.apiKey, outDir: resolve(values.outDir ?? 'reports'), specFile };
}

/** The Dredd command line (after `node dredd`), for a run of these options. */
export function dreddArguments(options: DreddOptions, color = false): string[] {
  return [
    options.specFile,
    options.baseUrl,
    '--hookfiles', DREDD_HOOKFILE,
    '--language', 'nodejs',
    '--reporter', 'xunit',
    '--output', join(options.outDir, DREDD_JUNIT_FILE),
    // `warning`, so that a hookfile Dredd cannot load is reported; the dozens of parser warnings
    // about OpenAPI keywords Dredd ignores are filtered out of its output (see below).
    '--loglevel', 'warning',
    ...(color ? [] : ['--no-color']),
  ];
}

async function probeTarget(url: string): Promise<void> {
  // Any HTTP answer will do (even 404): only "nothing answers" stops the run.
  await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) }).then((r) => r.body?.cancel());
}

/** Dredd's bin, or undefined where it is not installed: it is a development dependency (decision 054). */
function dreddBin(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('dredd/package.json')), 'bin', 'dredd');
  } catch {
    return undefined;
  }
}

const NO_DREDD = 'Dredd is not installed: contract:dredd runs in a clone of petstore-kit after npm install (Dredd is one of its development dependencies, docs/decisions/054-dredd-in-a-clone-only.md); the installed package\'s own runner is petstore-kit contract';

export async function runDreddCli(argv: string[], io: DreddCliIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  let options: DreddOptions;
  try {
    const parsed = parseDreddArgs(argv);
    if (parsed === 'help') {
      stdout.write(DREDD_USAGE);
      return 0;
    }
    options = parsed;
  } catch (err) {
    stderr.write(`petstore-kit contract:dredd: ${(err as Error).message}\n\n${DREDD_USAGE}`);
    return 2;
  }
  const bin = dreddBin();
  if (bin === undefined) {
    stderr.write(`petstore-kit contract:dredd: ${NO_DREDD}\n`);
    return 2;
  }
  try {
    await (io.probe ?? probeTarget)(options.baseUrl);
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
    stderr.write(`petstore-kit contract:dredd: ${options.baseUrl} is unreachable (${cause})\n`);
    return 2;
  }
  try {
    loadHookDependencies();
  } catch (err) {
    stderr.write(`petstore-kit contract:dredd: the Dredd hooks cannot load: ${(err as Error).message}\n`);
    return 2;
  }
  await mkdir(options.outDir, { recursive: true });
  const code = await spawnDredd(bin, options, stdout, stderr);
  const junit = join(options.outDir, DREDD_JUNIT_FILE);
  if (code !== 0 && code !== 1) {
    stderr.write(`petstore-kit contract:dredd: Dredd stopped with status ${code}\n`);
    return 2;
  }
  if (!existsSync(junit)) {
    stderr.write(`petstore-kit contract:dredd: Dredd wrote no ${junit}\n`);
    return 2;
  }
  await writeFile(junit, normalizeDreddJunit(await readFile(junit, 'utf8')), 'utf8');
  stdout.write(`JUnit report: ${junit}\n`);
  return code;
}

/**
 * Dredd 14's xunit file says `skip="133"` where JUnit readers look for `skipped`, and
 * `time="NaN"` on every skipped case, which some readers reject. Both are fixed here.
 */
export function normalizeDreddJunit(xml: string): string {
  return xml
    .replace(/ time="NaN"/g, ' time="0"')
    .replace(/<testsuite\b[^>]*>/, (tag: string) =>
      / skipped="/.test(tag) ? tag : tag.replace(/ skip="(\d+)"/, (skip: string, count: string) => `${skip} skipped="${count}"`));
}

/**
 * Dredd only warns, and then runs without hooks, when a hookfile throws on load: every transaction
 * would fail for no visible reason. The hookfile itself needs Dredd's `hooks` module, but its
 * helpers (and their dependencies) can be loaded here first.
 */
function loadHookDependencies(): void {
  const load = createRequire(import.meta.url);
  for (const file of ['dredd-document.cjs', 'dredd-fixtures.cjs']) load(join(dirname(DREDD_HOOKFILE), file));
}

/** Dredd's parser warns once per OpenAPI keyword it ignores; those lines say nothing about the server. */
const PARSER_WARNING = /^(\u001b\[[0-9;]*m)?warn(\u001b\[[0-9;]*m)?: API description parser warning/;

function lineFilter(out: NodeJS.WritableStream): { write(chunk: Buffer): void; end(): void } {
  let pending = '';
  const emit = (line: string) => {
    if (!PARSER_WARNING.test(line)) out.write(`${line}\n`);
  };
  return {
    write(chunk) {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(emit);
    },
    end() {
      if (pending !== '') emit(pending);
      pending = '';
    },
  };
}

function spawnDredd(bin: string, options: DreddOptions, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const color = (stdout as NodeJS.WritableStream & { isTTY?: boolean }).isTTY === true && !process.env['NO_COLOR'];
    const child = spawn(process.execPath, [bin, ...dreddArguments(options, color)], {
      env: { ...process.env, PETSTORE_API_KEY: options.apiKey, PETSTORE_BASE_URL: options.baseUrl, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = lineFilter(stdout);
    const err = lineFilter(stderr);
    child.stdout.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.write(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      resolvePromise(code ?? (signal ? 2 : 0));
    });
  });
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  runDreddCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      process.stderr.write(`petstore-kit contract:dredd: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
