import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { isInside } from './inside-folder.js';
import { parseDocumentText } from './parse-document-text.js';
import { readDocumentFile } from './read-document-file.js';
import { readRemoteDocument } from './read-remote-document.js';
import type { RefOptions } from './ref-options.js';
import { briefly, SpecError } from './spec-error.js';
import { forEachRef } from './walk-refs.js';
import { decodedOrAsIs } from '../core/decode-uri.js';

/** A `$ref` to something other than a place in the same file. */
export interface ExternalRef {
  /** The file (or URL, for a fetched one) the `$ref` is written in. */
  file: string;
  /** The JSON path of the `$ref` in that file. */
  pointer: string;
  ref: string;
}

/** What decides where `$ref`s may lead, normalised: `root` is a real path. */
export interface RefRules {
  root?: string;
  allowRemoteRefs: boolean;
  /** The real path of each file already checked, for this load (thousands of `$ref`s name the same files). */
  realPaths?: Map<string, string>;
}

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const WINDOWS_DRIVE = /^[A-Za-z]:[\\/]/;
const REMOTE = /^https?:\/\//i;

/** Every `$ref` of a parsed file that points into another file or to a URL. */
export function externalRefs(file: string, value: unknown): ExternalRef[] {
  const found: ExternalRef[] = [];
  forEachRef(value, (_node, ref, pointer) => {
    if (!ref.startsWith('#')) found.push({ file, pointer: pointer(), ref });
  });
  return found;
}

/** The options as the loader uses them: --ref-root made a real path (a missing folder refused). */
export function refRules(options: RefOptions = {}): RefRules {
  const allowRemoteRefs = options.allowRemoteRefs === true;
  const realPaths = new Map<string, string>();
  if (options.refRoot === undefined) return { allowRemoteRefs, realPaths };
  try {
    return { root: realpathSync(path.resolve(options.refRoot)), allowRemoteRefs, realPaths };
  } catch {
    throw new SpecError(options.refRoot, 'is not a folder that can be read (--ref-root)');
  }
}

/**
 * Refuses a `$ref` that may not be followed: a remote one without --allow-remote-refs, a URL of
 * another scheme, a local file that is missing or (with --ref-root) outside the root, symbolic
 * links followed. A local `$ref` is resolved relative to the file that holds it; one in a fetched
 * file, relative to its URL (so it stays remote: a fetched file never reads a local one).
 */
export function checkExternalRef(rules: RefRules, { file, pointer, ref }: ExternalRef): void {
  const refuse = (reason: string): never => {
    throw new SpecError(file, `has a $ref at ${pointer} (${JSON.stringify(ref)}) that ${reason}`);
  };
  const target = ref.split('#')[0]!;
  const remoteHolder = REMOTE.test(file);
  const isUrl = remoteHolder || (URL_SCHEME.test(target) && !WINDOWS_DRIVE.test(target));
  if (isUrl) {
    const url = remoteHolder ? safeUrl(target, file) : target;
    if (url === undefined || !REMOTE.test(url)) refuse('is a URL the kit does not read (http and https only)');
    if (!rules.allowRemoteRefs) refuse('is a remote URL; the kit does not fetch $refs unless --allow-remote-refs is given');
    return;
  }
  const absolute = path.resolve(path.dirname(file), decodedOrAsIs(target));
  let real = rules.realPaths?.get(absolute);
  if (real === undefined) {
    try {
      real = realpathSync.native(absolute); // one realpath(3) call, not an lstat per folder
    } catch {
      return refuse(`names a file that cannot be read (${absolute})`);
    }
    rules.realPaths?.set(absolute, real);
  }
  if (rules.root !== undefined && !isInside(rules.root, real)) refuse(`points outside --ref-root (${rules.root}); only files inside it are read`);
}

function safeUrl(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/**
 * Inlines the `$ref`s of a document split over several files into one document whose `$ref`s
 * are all internal. Each file is read by the kit's own readers (YAML alias bounds apply, remote
 * ones bounded in size and time) and its own `$ref`s are checked before they are followed.
 */
export async function bundleLocalFiles(file: string, document: object, rules: RefRules, onRead?: (file: string) => void): Promise<object> {
  // ref-parser wraps what its plugins throw; the first SpecError is what the user should read.
  let refusal: SpecError | undefined;
  const remember = (err: unknown) => {
    if (err instanceof SpecError) refusal ??= err;
    return err;
  };
  const structured = {
    order: 1,
    canParse: true,
    parse: ({ url, data }: { url: string; data: string | Buffer }) => {
      const holder = toPathOrUrl(url);
      try {
        const parsed = parseDocumentText(holder, typeof data === 'string' ? data : data.toString('utf8'));
        for (const ref of externalRefs(holder, parsed)) checkExternalRef(rules, ref);
        return parsed as object;
      } catch (err) {
        throw remember(err);
      }
    },
  };
  const guarded = (read: (url: string) => Promise<Buffer>) => async ({ url }: { url: string }) => {
    try {
      return await read(url);
    } catch (err) {
      throw remember(err);
    }
  };
  try {
    return await $RefParser.bundle(file, structuredClone(document), {
      parse: { json: structured, yaml: false, text: false, binary: false },
      resolve: {
        external: true,
        http: rules.allowRemoteRefs ? { order: 2, canRead: REMOTE, read: guarded((url) => readRemoteDocument(url)) } : false,
        file: {
          order: 1,
          canRead: (f: { url: string }) => !REMOTE.test(f.url),
          read: guarded(async (url) => {
            const local = toPathOrUrl(url);
            const read = await readDocumentFile(local, rules.root);
            onRead?.(local);
            return read;
          }),
        },
      },
      timeoutMs: 60_000,
    }) as object;
  } catch (err) {
    if (refusal) throw refusal;
    throw new SpecError(file, `has a $ref into another file that cannot be resolved: ${briefly(err)}`);
  }
}

function toPathOrUrl(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  return REMOTE.test(url) ? url : decodedOrAsIs(url);
}
