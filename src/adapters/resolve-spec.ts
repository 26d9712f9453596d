import { parseDocumentText } from '../spec/parse-document-text.js';
import { SpecError } from '../spec/spec-error.js';
import { PETSTORE_DOCUMENT } from './petstore-document.js';

/** What the adapters accept as `spec`: a parsed document, or the URL of a YAML or JSON one. */
export type SpecSource = object | string | URL;

export interface ResolvedSpec {
  document: object;
  /** What error messages call it. */
  name: string;
  /** The bundled Petstore: it keeps its demo keys only (known-keys); any other takes any credential. */
  bundled: boolean;
}

/** The document to serve, without a file system: the bundled one, the object given, or fetched. */
export async function resolveSpec(spec: SpecSource | undefined, fetchImpl: typeof fetch = fetch): Promise<ResolvedSpec> {
  if (spec === undefined) return { document: PETSTORE_DOCUMENT, name: 'spec/petstore.yaml', bundled: true };
  if (typeof spec === 'string' || spec instanceof URL) {
    const url = String(spec);
    if (!fetchable(url)) throw new SpecError(url, "is a file, which the MSW handlers cannot read (they import nothing from Node): in Node, pass spec: await loadDocument(file), loadDocument from 'petstore-kit'; in a browser, a URL the page can fetch");
    let text: string;
    try {
      const response = await fetchImpl(url, { headers: { Accept: 'application/yaml, application/json;q=0.9, */*;q=0.5' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new SpecError(url, `cannot be fetched (${(error as Error).message})`);
    }
    return { document: parseDocumentText(url, text) as object, name: url, bundled: false };
  }
  return { document: spec, name: 'document', bundled: spec === PETSTORE_DOCUMENT };
}

/** An http(s), data: or blob: URL, or a path the page's own address resolves (a browser); not a file path or file: URL. */
function fetchable(url: string): boolean {
  if (/^(https?|data|blob):/i.test(url)) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return false;
  return typeof (globalThis as { location?: { href?: string } }).location?.href === 'string';
}
