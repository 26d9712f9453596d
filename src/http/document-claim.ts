import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { MockSetup } from '../mock/create-mock-setup.js';
import type { DocumentIdentity } from '../mock/state-backend.js';

/**
 * Shared state (`--store`) records which document the processes on it serve: a second document
 * on the same prefix would make each process fit the records to its own, dropping and re-seeding
 * resources in turn (docs/decisions/027-watch.md). A process that finds another document recorded
 * says so at start, and takes the prefix over (a previous run's leftover is the common case).
 */
export async function claimDocument(setup: MockSetup): Promise<DocumentIdentity | undefined> {
  if (!setup.backend.claimDocument) return undefined;
  return setup.backend.claimDocument(identityOf(setup)).catch(() => undefined);
}

function identityOf(setup: MockSetup): DocumentIdentity {
  const { source, file } = setup.loaded;
  const info = (source as { info?: { title?: unknown; version?: unknown } }).info;
  return {
    title: typeof info?.title === 'string' ? info.title : '(untitled)',
    version: typeof info?.version === 'string' ? info.version : '',
    file: basename(file),
    fingerprint: createHash('sha256').update(JSON.stringify(source)).digest('hex').slice(0, 16),
  };
}

/** The start-up warning for a prefix that held another document's state. */
export function otherDocumentWarning(other: DocumentIdentity, store: string): string {
  return (
    `warning: the shared state (${store}) was last used by another document (${other.title} ${other.version}, ${other.file}). ` +
    'Processes on one prefix should serve one document: records of resources one has and the other lacks are dropped and re-seeded in turn. ' +
    'Give each document its own --store-prefix.'
  );
}
