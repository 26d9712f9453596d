import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { parseDocumentText } from './parse-document-text.js';
import { readDocumentFile } from './read-document-file.js';
import { briefly, SpecError } from './spec-error.js';
import { forEachRef } from './walk-refs.js';
import { decodedOrAsIs } from '../core/decode-uri.js';

/** A `$ref` to something other than a place in the same file. */
export interface ExternalRef {
  /** The file the `$ref` is written in. */
  file: string;
  /** The JSON path of the `$ref` in that file. */
  pointer: string;
  ref: string;
}

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Every `$ref` of a parsed file that points into another file or to a URL. */
export function externalRefs(file: string, value: unknown): ExternalRef[] {
  const found: ExternalRef[] = [];
  forEachRef(value, (_node, ref, pointer) => {
    if (!ref.startsWith('#')) found.push({ file, pointer: pointer(), ref });
  });
  return found;
}

/**
 * Refuses a `$ref` that leaves the document's folder: a URL (the kit never fetches), an absolute
 * path or `..` that ends outside the folder (symbolic links followed), or a file that is missing.
 */
export function checkExternalRef(root: string, { file, pointer, ref }: ExternalRef): void {
  const refuse = (reason: string) => {
    throw new SpecError(file, `has a $ref at ${pointer} (${JSON.stringify(ref)}) that ${reason}`);
  };
  const target = ref.split('#')[0]!;
  if (URL_SCHEME.test(target) && !/^[A-Za-z]:[\\/]/.test(target)) {
    refuse('is a URL; the kit reads only files inside the document\'s folder and never fetches');
  }
  const absolute = path.resolve(path.dirname(file), decodedOrAsIs(target));
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    refuse(`names a file that cannot be read (${absolute})`);
    return;
  }
  if (!isInside(root, real)) refuse(`points outside the document's folder (${root}); only files inside it are read`);
}

export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/**
 * Inlines the `$ref`s of a document split over several local files into one document whose
 * `$ref`s are all internal. Each file is read by the kit's own reader (YAML alias bounds apply)
 * and its own `$ref`s are checked before they are followed; http(s) is switched off.
 */
export async function bundleLocalFiles(file: string, document: object, root: string, onRead?: (file: string) => void): Promise<object> {
  // ref-parser wraps what its plugins throw; the first SpecError is what the user should read.
  let refusal: SpecError | undefined;
  const remember = (err: unknown) => {
    if (err instanceof SpecError) refusal ??= err;
    return err;
  };
  const structured = {
    order: 1,
    canParse: ['.yaml', '.yml', '.json'],
    parse: ({ url, data }: { url: string; data: string | Buffer }) => {
      const local = toPath(url);
      try {
        const parsed = parseDocumentText(local, typeof data === 'string' ? data : data.toString('utf8'));
        for (const ref of externalRefs(local, parsed)) checkExternalRef(root, ref);
        return parsed as object;
      } catch (err) {
        throw remember(err);
      }
    },
  };
  try {
    return await $RefParser.bundle(file, structuredClone(document), {
      parse: { json: structured, yaml: false },
      resolve: {
        external: true,
        http: false,
        file: {
          order: 1,
          canRead: true,
          read: async ({ url }: { url: string }) => {
            const local = toPath(url);
            try {
              if (!isInside(root, realpathSync(local))) throw new SpecError(local, `is outside the document's folder (${root})`);
              onRead?.(local);
              return await readDocumentFile(local);
            } catch (err) {
              throw remember(err);
            }
          },
        },
      },
      timeoutMs: 20_000,
    }) as object;
  } catch (err) {
    if (refusal) throw refusal;
    throw new SpecError(file, `has a $ref into another file that cannot be resolved: ${briefly(err)}`);
  }
}

function toPath(url: string): string {
  return url.startsWith('file:') ? fileURLToPath(url) : decodedOrAsIs(url);
}
