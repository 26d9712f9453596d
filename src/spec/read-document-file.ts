import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isInside } from './inside-folder.js';
import { SpecError } from './spec-error.js';

/** Larger than any real document (the largest public ones are around 30 MB). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Reads a document file (or a file it references), refusing what is not a regular file (a
 * directory, `/dev/zero`, a FIFO) or is larger than MAX_DOCUMENT_BYTES, before reading it.
 * With `within` (--ref-root), the file actually opened must lie inside that folder: its path is
 * read back from the open descriptor, so a symbolic link swapped in after a check cannot lead out.
 */
export async function readDocumentFile(file: string, within?: string): Promise<Buffer> {
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever; on a
    // regular file it changes nothing.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (within !== undefined && !isInside(within, await openedPath(handle.fd, file))) {
        throw new SpecError(file, `is outside --ref-root (${within}); only files inside it are read`);
      }
      const stat = await handle.stat();
      if (!stat.isFile()) throw new SpecError(file, 'is not a regular file');
      if (stat.size > MAX_DOCUMENT_BYTES) throw new SpecError(file, `is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (err) {
    if (err instanceof SpecError) throw err;
    throw new SpecError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** The real path of an open file: from /proc on Linux (what was opened), else from its name. */
async function openedPath(fd: number, file: string): Promise<string> {
  return realpath(`/proc/self/fd/${fd}`).catch(() => realpath(file));
}
