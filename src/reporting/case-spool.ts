/**
 * Rendered cases kept on disk until the report is put together (decision 068). Cases finish in the
 * run's order (phase by phase) but JUnit and HTML list them by operation: each case's text is
 * appended to a scratch file as it finishes, and only its place (offset, length) stays in memory.
 * Synchronous writes: a case's text is a few kilobytes, and a write that waits for nobody keeps
 * memory flat however slow the disk (a stream would buffer what it could not write yet).
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Copies go through a buffer of this size. */
const COPY_CHUNK = 1 << 16;

/** Rendered cases by group, handed back group by group. */
export interface CaseTexts {
  add(group: string, text: string): void;
  /** Hands the texts of `group`, in the order they came, to `sink`. */
  copyGroup(group: string, sink: (chunk: Buffer | string) => void): void;
}

/** The same in memory, for a report rendered whole from a summary held in memory. */
export class MemoryCaseTexts implements CaseTexts {
  private readonly groups = new Map<string, string[]>();

  add(group: string, text: string): void {
    const list = this.groups.get(group) ?? [];
    list.push(text);
    this.groups.set(group, list);
  }

  copyGroup(group: string, sink: (chunk: string) => void): void {
    for (const text of this.groups.get(group) ?? []) sink(text);
  }
}

export class CaseSpool implements CaseTexts {
  private fd: number | undefined;
  private size = 0;
  private readonly places = new Map<string, number[]>();

  constructor(private readonly file: string) {}

  /** Appends `text` under `group` (an operationId). */
  add(group: string, text: string): void {
    if (this.fd === undefined) {
      mkdirSync(dirname(this.file), { recursive: true });
      this.fd = openSync(this.file, 'w+');
    }
    const bytes = Buffer.from(text, 'utf8');
    writeSync(this.fd, bytes, 0, bytes.length, this.size);
    const list = this.places.get(group) ?? [];
    list.push(this.size, bytes.length);
    this.places.set(group, list);
    this.size += bytes.length;
  }

  /** Hands the texts of `group`, in the order they came, to `sink` (a buffer it must use before returning). */
  copyGroup(group: string, sink: (chunk: Buffer) => void): void {
    const list = this.places.get(group) ?? [];
    const buffer = Buffer.allocUnsafe(COPY_CHUNK);
    for (let i = 0; i < list.length; i += 2) {
      let offset = list[i]!;
      let left = list[i + 1]!;
      while (left > 0) {
        const read = readSync(this.fd!, buffer, 0, Math.min(left, COPY_CHUNK), offset);
        if (read === 0) throw new Error(`the scratch file ${this.file} ended early`);
        sink(buffer.subarray(0, read));
        offset += read;
        left -= read;
      }
    }
  }

  /** Closes and deletes the scratch file. */
  remove(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.file, { force: true });
  }
}
