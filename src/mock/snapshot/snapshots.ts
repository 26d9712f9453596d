import type { Ajv, ValidateFunction } from 'ajv';
import type { ErrorDetail } from '../../core/errors.js';
import type { AnyPack, SnapshotTools } from '../../engine/behaviour-pack.js';
import type { Resource, ResourceIndex } from '../../spec/resource-model.js';
import { exportRecords, type RecordCheck } from '../../engine/crud/record-snapshot.js';
import { storedRecordSchema } from '../../engine/crud/stored-record-schema.js';
import type { KeyRegistry } from '../../rate-limit/key-registry.js';
import { keySubject } from '../../rate-limit/subjects.js';
import type { ApiKeyRecord } from '../../rate-limit/types.js';
import type { Document } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { formatErrors } from '../../validation/format-errors.js';
import type { Session, SessionRegistry } from '../session.js';
import type { KeyChanges } from '../state-backend.js';
import { keyJson, readSnapshot, type RestorePlan } from './read-snapshot.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, snapshotRejected, type Snapshot } from './snapshot-format.js';

/** Export and import of a session's state (docs/snapshot-format.md, docs/decisions/030-snapshots.md). */
export interface Snapshots {
  export(session: Session): Promise<Snapshot>;
  /**
   * Checks the whole snapshot first: a bad one throws ApiError 400 `validation_failed` (every
   * problem in `details`, with its JSON path) and nothing changes. A good one replaces the
   * session's state.
   */
  import(session: Session, value: unknown): Promise<void>;
}

export interface SnapshotDeps {
  document: Document;
  packs: readonly AnyPack[];
  /** The inferred resources served as CRUD, parents first. */
  resources: readonly Resource[];
  resourceIndex: ResourceIndex;
  operations: readonly Operation[];
  sessions: SessionRegistry;
  keys: KeyRegistry;
  keyChanges: KeyChanges;
  ajv: Ajv;
  /** The keys every process starts with, as JSON by key (default: the registry's keys now). */
  startupKeys?: ReadonlyMap<string, string>;
}

export function createSnapshots(deps: SnapshotDeps): Snapshots {
  const { document, packs, resources, sessions, keys, keyChanges } = deps;
  // The keys every process starts with (demo, config): a snapshot holds only those added since.
  const startup = deps.startupKeys ?? startupKeysOf(keys);
  const compiled = new WeakMap<object, ValidateFunction | null>();
  const check = (schema: object, value: unknown, path: string): ErrorDetail[] => {
    let validate = compiled.get(schema);
    if (validate === undefined) {
      try {
        validate = deps.ajv.compile(schema);
      } catch {
        validate = null; // a schema ajv cannot compile (the operation is named at start-up): not checked
      }
      compiled.set(schema, validate);
    }
    return !validate || validate(value) ? [] : formatErrors(path, validate.errors);
  };
  const recordSchemas = new Map(resources.map((r) => [r, storedRecordSchema(r, deps.operations, deps.resourceIndex)]));
  const checkRecord: RecordCheck = (resource, record, path) => check(recordSchemas.get(resource)!, record, path);
  const tools: SnapshotTools = { document, check };
  const title = document.info?.title ?? '';

  return {
    async export(session) {
      await session.clock.refresh?.();
      await keyChanges.refresh();
      const now = session.clock.now();
      const bans: Snapshot['bans'] = [];
      for (const key of keys.list()) {
        const { bannedUntil } = await session.limits.usage(keySubject(key.key), now);
        if (bannedUntil !== null) bans.push({ key: key.key, until: new Date(bannedUntil).toISOString() });
      }
      const packStates: Record<string, unknown> = {};
      for (const pack of packs) {
        if (!pack.exportState) throw new Error(`the ${pack.name} pack cannot export snapshots`);
        packStates[pack.name] = await pack.exportState(session.packs.get(pack.name));
      }
      return {
        format: SNAPSHOT_FORMAT,
        version: SNAPSHOT_VERSION,
        document: { title, version: document.info?.version ?? '' },
        clock: { now: new Date(now).toISOString(), frozen: session.clock.frozen },
        // Added keys only: a start-up key, even one changed through /__admin/keys, is no session's.
        keys: keys.list().filter((k) => !startup.has(k.key)).map((k) => ({ ...k })),
        bans,
        faults: (await session.faults.list()).map((f) => ({ ...f })),
        latency: (await session.latency.list()).map((rule) => ({ ...rule })),
        packs: packStates,
        resources: exportRecords(await session.records.snapshot(), resources),
      };
    },

    async import(session, value) {
      await keyChanges.refresh();
      const read = readSnapshot(value, { title, packs, resources, tools, checkRecord, keys, startup });
      if ('problems' in read) throw snapshotRejected(read.problems);
      await apply(read.plan, session);
    },
  };

  async function apply(plan: RestorePlan, session: Session): Promise<void> {
    await sessions.restore(session, plan.packSeeds, plan.records);
    for (const record of plan.keys) await putKey(record);
    if (plan.frozenAt === undefined) await session.clock.reset();
    else await session.clock.set(plan.frozenAt);
    await session.clock.refresh?.();
    const now = session.clock.now();
    for (const ban of plan.bans) await session.limits.ban(keySubject(ban.key), ban.until, now);
    for (const fault of plan.faults) await session.faults.add(fault);
    for (const rule of plan.latency) await session.latency.add(rule);
  }

  /** Keys are shared by every session: a snapshot's key is added, or replaces one of that name; no key is removed. */
  async function putKey(record: ApiKeyRecord): Promise<void> {
    const existing = keys.get(record.key);
    if (existing && keyJson(existing) === keyJson(record)) return;
    if (existing) await keyChanges.remove(record.key);
    await keyChanges.add(record);
  }
}

/** The keys of a registry as JSON by key: what a snapshot leaves out as the start-up set. */
export function startupKeysOf(keys: KeyRegistry): ReadonlyMap<string, string> {
  return new Map(keys.list().map((k) => [k.key, keyJson(k)]));
}
