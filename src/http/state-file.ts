import { open } from 'node:fs/promises';
import { ApiError } from '../core/errors.js';
import type { MockSetup } from '../mock/create-engine.js';
import { DEFAULT_SESSION } from '../mock/session.js';
import { SNAPSHOT_BODY_LIMIT } from '../mock/snapshot/snapshot-format.js';

/** A `--state FILE` that cannot be used: the mock does not start (exit 2), and says why. */
export class StateFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: not a usable snapshot, the mock did not start\n  - ${problems.join('\n  - ')}`);
    this.name = 'StateFileError';
  }
}

/** Reads and parses a snapshot file, refusing one over the snapshot size limit before reading it whole. */
export async function readStateFile(file: string): Promise<unknown> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > SNAPSHOT_BODY_LIMIT) throw new StateFileError(file, [`is ${size} bytes, over the ${SNAPSHOT_BODY_LIMIT / 1024 / 1024} MiB a snapshot may have`]);
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof StateFileError) throw error;
    throw new StateFileError(file, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StateFileError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
}

/** Imports the snapshot into the default session, as `POST /__admin/snapshot` would. */
export async function applyStateFile(setup: MockSetup, state: { file: string; snapshot: unknown }): Promise<void> {
  try {
    await setup.snapshots.import(setup.sessions.get(DEFAULT_SESSION), state.snapshot);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'validation_failed') {
      throw new StateFileError(state.file, (error.details ?? [{ path: '', message: error.message }]).map((d) => `${d.path || '(top level)'}: ${d.message}`));
    }
    throw error;
  }
}
