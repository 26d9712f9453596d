import type { MockSetup } from '../mock/create-mock-setup.js';
import { loadDocument, type RefOptions } from '../spec/load-document.js';
import { watchFiles } from './file-watcher.js';

export type ReloadOutcome = { reloaded: true; setup: MockSetup } | { reloaded: false; error: unknown };

/**
 * `--watch`: reloads the document into `setup` when its file, or a local file it `$ref`s, changes;
 * reports each attempt. A document that fails to load changes nothing (the previous one keeps
 * serving); while it is broken, a change to any document file of the watched folders retries,
 * so creating a missing `$ref` target is seen too. Reloads run one at a time; changes made
 * during one start another when it ends.
 */
export function watchSpec(setup: MockSetup, specFile: string, refs: RefOptions | undefined, report: (outcome: ReloadOutcome) => void): { close(): void } {
  let files: readonly string[] = setup.loaded.files ?? [specFile];
  let running = false;
  let again = false;
  let closed = false;
  const reload = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    let outcome: ReloadOutcome;
    try {
      const loaded = await loadDocument(specFile, refs);
      if (closed) return;
      await setup.reload(loaded);
      files = loaded.files ?? [specFile];
      watcher.watch(files);
      outcome = { reloaded: true, setup };
    } catch (error) {
      watcher.watch([...files, specFile], { anyDocumentFile: true });
      outcome = { reloaded: false, error };
    } finally {
      running = false;
    }
    if (!closed) report(outcome);
    if (again && !closed) {
      again = false;
      void reload();
    }
  };
  const watcher = watchFiles(() => void reload());
  watcher.watch(files);
  return {
    close() {
      closed = true;
      watcher.close();
    },
  };
}
