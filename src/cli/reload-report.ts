import type { ReloadOutcome } from '../http/watch-spec.js';
import { SpecError } from '../spec/spec-error.js';
import { operationLines } from './startup-banner.js';

/**
 * What `mock --watch` prints after each reload: on stdout the new behaviour list (the start-up
 * lines); on stderr why a document could not be loaded, as start-up says it (file, JSON path,
 * reason), and that the previous document is still served.
 */
export function reloadReport(out: NodeJS.WritableStream, err: NodeJS.WritableStream): (outcome: ReloadOutcome) => void {
  return (outcome) => {
    if (!outcome.reloaded) {
      const { error } = outcome;
      const why = error instanceof SpecError ? error.message : `unexpected error: ${(error as Error)?.stack ?? String(error)}`;
      err.write(`petstore-kit: reload failed (still serving the previous document): ${why}\n`);
      return;
    }
    const { setup } = outcome;
    for (const note of setup.security.notes) err.write(`note: ${note}\n`);
    out.write([`petstore-kit: reloaded ${setup.loaded.file}: ${setup.index.operations.length} operations`, ...operationLines(setup), '', ''].join('\n'));
  };
}
