import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
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
  return readDocumentFileNow(file, within);
}

/**
 * The same, read with blocking calls: a document of 2,850 files is read in one go at start-up,
 * where the promise API's file handles cost more than the reading (issue 27, decision 082).
 */
export function readDocumentFileNow(file: string, within?: string): Buffer {
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever; on a
    // regular file it changes nothing.
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (within !== undefined && !isInside(within, openedPath(fd, file))) {
        throw new SpecError(file, `is outside --ref-root (${within}); only files inside it are read`);
      }
      const stat = fstatSync(fd);
      if (!stat.isFile()) throw new SpecError(file, 'is not a regular file');
      if (stat.size > MAX_DOCUMENT_BYTES) throw new SpecError(file, `is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);
      return readAll(fd, stat.size, file);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if (err instanceof SpecError) throw err;
    throw new SpecError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/** The file's bytes: `size` as stat gave it, more if it grew meanwhile (up to the bound). */
function readAll(fd: number, size: number, file: string): Buffer {
  let buffer = Buffer.allocUnsafe(Math.max(size, 1024));
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > MAX_DOCUMENT_BYTES) throw new SpecError(file, `is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);
      const larger = Buffer.allocUnsafe(length * 2);
      buffer.copy(larger);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) return buffer.subarray(0, length);
    length += read;
  }
}

/** The real path of an open file: from /proc on Linux (what was opened), else from its name. */
function openedPath(fd: number, file: string): string {
  try {
    return realpathSync.native(`/proc/self/fd/${fd}`);
  } catch {
    return realpathSync.native(file);
  }
}
