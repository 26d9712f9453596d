import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export interface FileWatcher {
  /**
   * Watches these files from now on (replacing the previous set). With `anyDocumentFile`, a
   * change to any `.yaml`, `.yml` or `.json` file of their folders counts too.
   */
  watch(files: readonly string[], options?: { anyDocumentFile?: boolean }): void;
  close(): void;
}

/** Long enough to cover an editor's save in several writes, short enough to feel immediate. */
export const QUIET_MS = 150;

const DOCUMENT_FILE = /\.(ya?ml|json)$/i;

/**
 * Calls `onChange` once a burst of changes to the watched files is over (`quietMs` without a
 * further event). Watches their folders rather than the files: an editor that saves by writing a
 * new file and renaming it over the old one leaves a watch on the file itself following the old,
 * deleted inode (docs/decisions/027-watch.md).
 */
export function watchFiles(onChange: () => void, quietMs = QUIET_MS): FileWatcher {
  const watchers = new Map<string, FSWatcher>();
  let names = new Map<string, Set<string>>();
  let anyDocumentFile = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = (folder: string, name: string | null) => {
    // Some platforms do not say which file changed: then any change in the folder counts.
    if (name !== null && !names.get(folder)?.has(name) && !(anyDocumentFile && DOCUMENT_FILE.test(name))) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) onChange();
    }, quietMs);
  };
  return {
    watch(files, options = {}) {
      if (closed) return;
      anyDocumentFile = options.anyDocumentFile ?? false;
      names = new Map();
      for (const file of files) {
        const folder = path.dirname(path.resolve(file));
        names.set(folder, (names.get(folder) ?? new Set()).add(path.basename(file)));
      }
      for (const [folder, watcher] of watchers) {
        if (names.has(folder)) continue;
        watcher.close();
        watchers.delete(folder);
      }
      for (const folder of names.keys()) {
        if (watchers.has(folder)) continue;
        try {
          const watcher = watch(folder, (_event, name) => changed(folder, name === null ? null : String(name)));
          // A folder that goes away stops being watched; the others still are.
          watcher.on('error', () => {
            watcher.close();
            if (watchers.get(folder) === watcher) watchers.delete(folder);
          });
          watchers.set(folder, watcher);
        } catch {
          // A folder that cannot be watched (gone, no permission): its files are not watched.
        }
      }
    },
    close() {
      closed = true;
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
