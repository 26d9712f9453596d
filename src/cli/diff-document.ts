import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadDocument, type LoadedDocument } from '../spec/load-document.js';
import { SpecError } from '../spec/spec-error.js';

const run = promisify(execFile);

/** A document to compare could not be read: exit 2 with this message. */
export class DiffInputError extends Error {}

/** A document to compare, and the file it can be served from (a revision's stays until `close`). */
export interface DiffDocument {
  loaded: LoadedDocument;
  file: string;
  close(): Promise<void>;
}

/**
 * Loads `FILE`, or `git:REV:PATH` (PATH relative to the working directory, as `git show REV:./PATH`
 * reads it). A revision's document is read with the other files of its folder at that revision,
 * so its own `$ref`s to them resolve as the kit resolves a file's.
 */
export async function loadDiffDocument(spec: string, cwd = process.cwd()): Promise<DiffDocument> {
  const revision = /^git:([^:]+):(.+)$/.exec(spec);
  if (!revision) {
    const file = path.resolve(cwd, spec);
    return { loaded: await loadDocument(file), file, close: async () => undefined };
  }
  const [, rev, wanted] = revision as unknown as [string, string, string];
  const folder = path.posix.dirname(wanted.replace(/\\/g, '/'));
  const dir = await mkdtemp(path.join(tmpdir(), 'petstore-kit-diff-'));
  const close = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    await git(['cat-file', '-e', `${rev}:./${wanted}`], cwd, `${spec}: no file ${wanted} at revision ${rev}`);
    await extractFolder(rev, folder, dir, cwd, spec);
    const file = path.join(dir, path.posix.basename(wanted));
    const loaded = await loadDocument(file);
    return { loaded: { ...loaded, file: spec }, file, close };
  } catch (error) {
    await close();
    if (error instanceof SpecError) throw new SpecError(spec, error.message.split(dir).join(`git:${rev}:${folder}`).replace(/^[^:]*:\s*/, ''), []);
    throw error;
  }
}

async function git(args: string[], cwd: string, problem: string): Promise<string> {
  try {
    return (await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (error) {
    const said = ((error as { stderr?: string }).stderr ?? '').trim().split('\n')[0];
    throw new DiffInputError(`${problem}${said ? ` (git: ${said})` : ''}`);
  }
}

/** `git archive REV:./FOLDER | tar -x`: the folder as it was at that revision. */
async function extractFolder(rev: string, folder: string, into: string, cwd: string, spec: string): Promise<void> {
  const archive = spawn('git', ['archive', '--format=tar', `${rev}:./${folder === '.' ? '' : folder}`], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const tar = spawn('tar', ['-x', '-C', into], { stdio: ['pipe', 'ignore', 'ignore'] });
  archive.stdout.pipe(tar.stdin);
  let said = '';
  archive.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const ended = (child: typeof archive | typeof tar, name: string): Promise<number | null> =>
    new Promise((resolve, reject) => {
      child.once('error', (error) => reject(new DiffInputError(`${spec}: cannot run ${name} (${error.message})`)));
      child.once('close', resolve);
    });
  const [gitCode, tarCode] = await Promise.all([ended(archive, 'git'), ended(tar, 'tar')]);
  if (gitCode !== 0 || tarCode !== 0) throw new DiffInputError(`${spec}: cannot read revision ${rev} (git: ${said.trim().split('\n')[0] || `tar exit ${tarCode}`})`);
}
