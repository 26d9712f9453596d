import path from 'node:path';
import { decodedOrAsIs } from '../core/decode-uri.js';
import { checkExternalRef, externalRefs, type RefRules } from './local-refs.js';
import { escapePointer, parseDocumentText } from './parse-document-text.js';
import { readDocumentFile } from './read-document-file.js';

/**
 * The fast way to join a document split over local files (issue 27, decision 082): every file
 * reachable through `$ref`s is read once, in parallel, and checked as local-refs.ts checks it;
 * then one pass copies the root document, putting each referenced part in place of the first
 * `$ref` met to it, and every later `$ref` to it (or into it) becomes a `$ref` to that place.
 * That is what json-schema-ref-parser's `bundle` makes, without its inventory of every `$ref`
 * (quadratic in the number of `$ref`s; 2,850 files took seconds).
 *
 * It answers undefined where a document needs what only the library does (remote files, `$id`s,
 * a `$ref` with sibling keys into another file, a pointer through a `$ref`): the caller then
 * bundles with the library, so nothing is lost, only time.
 */
export async function bundleFileTree(file: string, document: object, rules: RefRules, onRead?: (file: string) => void): Promise<object | undefined> {
  try {
    if (hasSchemaId(document)) return undefined;
    const files = await readTree(file, document, rules, onRead);
    if (files === undefined) return undefined;
    return new TreeBundler(file, files).bundle(document);
  } catch (err) {
    if (err === LIBRARY_NEEDED) return undefined;
    throw err;
  }
}

const LIBRARY_NEEDED = new Error('left to json-schema-ref-parser');
const REMOTE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

function hasSchemaId(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value !== 'object' || value === null || seen.has(value)) return false;
  seen.add(value);
  if (!Array.isArray(value) && typeof (value as { $id?: unknown }).$id === 'string') return true;
  return Object.values(value).some((child) => hasSchemaId(child, seen));
}

/** The target file of a `$ref` held by `holder`, absolute; undefined for one inside the holder. */
function targetFile(holder: string, ref: string): string | undefined {
  const hash = ref.indexOf('#');
  const target = hash === -1 ? ref : ref.slice(0, hash);
  if (target === '') return undefined;
  return path.resolve(path.dirname(holder), decodedOrAsIs(target));
}

/** Reads every file the document reaches, each once; undefined where a remote one is among them. */
async function readTree(file: string, document: object, rules: RefRules, onRead?: (file: string) => void): Promise<Map<string, unknown> | undefined> {
  const root = path.resolve(file);
  const files = new Map<string, unknown>([[root, document]]);
  let holders: [string, unknown][] = [[root, document]];
  while (holders.length > 0) {
    const wanted = new Set<string>();
    for (const [holder, parsed] of holders) {
      for (const ref of externalRefs(holder, parsed)) {
        if (REMOTE.test(ref.ref)) return undefined;
        checkExternalRef(rules, ref);
        const target = targetFile(holder, ref.ref);
        if (target !== undefined && !files.has(target)) wanted.add(target);
      }
    }
    holders = await Promise.all([...wanted].map(async (target): Promise<[string, unknown]> => {
      const text = (await readDocumentFile(target, rules.root)).toString('utf8');
      onRead?.(target);
      // A schema's `$id` changes what its `$ref`s are relative to: the library's work.
      if (text.includes('$id')) throw LIBRARY_NEEDED;
      return [target, parseDocumentText(target, text)];
    }));
    for (const [target, parsed] of holders) files.set(target, parsed);
  }
  return files;
}

/** The pointer tokens of a `$ref`'s fragment (`#/a/b~1c` gives a, b/c), percent-decoded. */
function fragmentTokens(ref: string): string[] {
  const hash = ref.indexOf('#');
  const fragment = hash === -1 ? '' : decodedOrAsIs(ref.slice(hash + 1));
  if (fragment === '' || fragment === '/') return fragment === '/' ? [''] : [];
  if (!fragment.startsWith('/')) throw LIBRARY_NEEDED;
  return fragment.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const pointerText = (tokens: readonly string[]): string => tokens.map((t) => `/${escapePointer(t)}`).join('');

class TreeBundler {
  private readonly root: string;
  /** Where each part of another file was put: `file#pointer` to the output's pointer. */
  private readonly placed = new Map<string, string>();
  /** Output per input object and file, so a YAML alias stays one shared value. */
  private readonly copies = new Map<string, Map<object, unknown>>();
  /** The keys from the output's root to the value being copied. */
  private readonly at: string[] = [];

  constructor(file: string, private readonly files: Map<string, unknown>) {
    this.root = path.resolve(file);
  }

  bundle(document: object): object {
    return this.copy(document, this.root) as object;
  }

  private copy(value: unknown, holder: string): unknown {
    // Scalars, and the Dates YAML makes of timestamps, are kept as they are.
    if (typeof value !== 'object' || value === null || value instanceof Date) return value;
    let memo = this.copies.get(holder);
    if (memo === undefined) this.copies.set(holder, (memo = new Map()));
    const known = memo.get(value);
    if (known !== undefined) return known;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const out = this.reference(value, ref, holder);
      memo.set(value, out);
      return out;
    }
    const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
    memo.set(value, out);
    for (const key of Object.keys(value)) {
      this.at.push(key);
      (out as Record<string, unknown>)[key] = this.copy((value as Record<string, unknown>)[key], holder);
      this.at.pop();
    }
    return out;
  }

  /** A `$ref` met where `at` is: kept where it is internal to the root, else re-pointed or replaced by its target. */
  private reference(node: object, ref: string, holder: string): unknown {
    const file = targetFile(holder, ref) ?? holder;
    const tokens = fragmentTokens(ref);
    if (file === this.root) return holder === this.root ? { ...node } : { $ref: `#${pointerText(tokens)}` };
    if (Object.keys(node).length !== 1) throw LIBRARY_NEEDED;
    const placed = this.placedAt(file, tokens);
    if (placed !== undefined) return { $ref: `#${placed}` };
    this.placed.set(`${file}#${pointerText(tokens)}`, pointerText(this.at));
    return this.copy(this.resolve(file, tokens), file);
  }

  /** Where a part of `file` (or a part holding it) was already put, as an output pointer. */
  private placedAt(file: string, tokens: readonly string[]): string | undefined {
    for (let n = tokens.length; n >= 0; n--) {
      const at = this.placed.get(`${file}#${pointerText(tokens.slice(0, n))}`);
      if (at !== undefined) return at + pointerText(tokens.slice(n));
    }
    return undefined;
  }

  /** The part of `file` a pointer names; the library's where the way passes through a `$ref`. */
  private resolve(file: string, tokens: readonly string[]): unknown {
    let value = this.files.get(file);
    for (const token of tokens) {
      if (typeof value !== 'object' || value === null || typeof (value as { $ref?: unknown }).$ref === 'string') throw LIBRARY_NEEDED;
      if (!Object.hasOwn(value, token)) throw LIBRARY_NEEDED;
      value = (value as Record<string, unknown>)[token];
    }
    return value;
  }
}
