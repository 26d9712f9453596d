import { MAX_DOCUMENT_BYTES } from './read-document-file.js';
import { briefly, SpecError } from './spec-error.js';

/** How long a remote `$ref`'s file may take to arrive, whole. */
export const REMOTE_REF_TIMEOUT_MS = 10_000;

/**
 * Fetches the file a remote `$ref` names (only with --allow-remote-refs): http(s) only, at most
 * MAX_DOCUMENT_BYTES and REMOTE_REF_TIMEOUT_MS, a status other than 2xx refused, each refusal a
 * SpecError naming the URL.
 */
export async function readRemoteDocument(url: string, maxBytes = MAX_DOCUMENT_BYTES, timeoutMs = REMOTE_REF_TIMEOUT_MS): Promise<Buffer> {
  if (!/^https?:\/\//i.test(url)) throw new SpecError(url, 'is not an http(s) URL; remote $refs are fetched over http(s) only');
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { signal, headers: { accept: 'application/json, application/yaml, text/yaml, */*' } });
    if (!response.ok) {
      await response.body?.cancel();
      throw new SpecError(url, `answered ${response.status}; a remote $ref must answer 2xx`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw tooLarge(url, maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(url, maxBytes);
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof SpecError) throw err;
    if (signal.aborted) throw new SpecError(url, `did not arrive within ${timeoutMs / 1000} s`);
    throw new SpecError(url, `cannot be fetched (${briefly((err as { cause?: unknown }).cause ?? err)})`);
  }
}

function tooLarge(url: string, maxBytes: number): SpecError {
  return new SpecError(url, `is larger than ${maxBytes / 1024 / 1024} MB`);
}
