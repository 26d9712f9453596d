import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { SpecError } from './spec-error.js';

/** Larger than any real document (the largest public ones are around 30 MB). */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Reads a document file (or a file it references), refusing what is not a regular file (a
 * directory, `/dev/zero`, a FIFO) or is larger than MAX_DOCUMENT_BYTES, before reading it.
 */
export async function readDocumentFile(file: string): Promise<Buffer> {
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, for ever; on a
    // regular file it changes nothing.
    const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
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
