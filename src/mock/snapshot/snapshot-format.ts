/**
 * A session's state as one JSON document (docs/snapshot-format.md): what `GET /__admin/snapshot`
 * answers, `POST /__admin/snapshot` and `mock --state FILE` read.
 */
import { ApiError, type ErrorDetail } from '../../core/errors.js';
import type { ResourceSnapshot } from '../../engine/crud/record-snapshot.js';
import type { Fault } from '../faults.js';
import type { LatencyRule } from '../latency/latency-rule.js';
import type { ApiKeyRecord } from '../../rate-limit/types.js';

export const SNAPSHOT_FORMAT = 'petstore-kit-snapshot';
/**
 * The largest snapshot `POST /__admin/snapshot` and `--state` take (8 MiB): a busy session's
 * thousands of records fit; the other control endpoints keep their 64 KiB.
 */
export const SNAPSHOT_BODY_LIMIT = 8 * 1024 * 1024;
export const SNAPSHOT_VERSION = 1;

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** The document the snapshot was taken on (`info.title`, `info.version`). */
  document: { title: string; version: string };
  /** The session clock: frozen at `now`, or following the real time (`now` then only says when it was taken). */
  clock: { now: string; frozen: boolean };
  /** Keys added through `/__admin/keys` (shared by every session). */
  keys: ApiKeyRecord[];
  /** This session's bans that were running, by key. */
  bans: { key: string; until: string }[];
  /** This session's injected faults still to be served. */
  faults: Fault[];
  /** This session's latencies (`/__admin/latency`), newest last; absent in older snapshots. */
  latency?: LatencyRule[];
  /** Each behaviour pack's own state, by pack name. */
  packs: Record<string, unknown>;
  /** The records of inferred resources, by resource name. */
  resources: Record<string, ResourceSnapshot>;
}

/**
 * The instants a session clock may take: ISO 8601 with four-digit years, and a year of room at the
 * top for what is computed from the clock (ban ends, day windows). Past year 9999 a date prints as
 * `+010000-…`, which no import reads back (issue 22).
 */
export const CLOCK_RANGE = { min: Date.parse('0000-01-01T00:00:00Z'), max: Date.parse('9999-01-01T00:00:00Z') };
export const CLOCK_RANGE_RULE = 'the clock stays between 0000-01-01T00:00:00Z and 9999-01-01T00:00:00Z';
export const clockInRange = (at: number): boolean => at >= CLOCK_RANGE.min && at <= CLOCK_RANGE.max;

export const SNAPSHOT_FIELDS: readonly string[] = ['format', 'version', 'document', 'clock', 'keys', 'bans', 'faults', 'latency', 'packs', 'resources'];

/** Details listed in one 400 answer; a snapshot wrong everywhere gets the first ones and a count. */
const MAX_DETAILS = 50;

/** A snapshot that cannot be imported: 400 `validation_failed`, each problem with its JSON path. */
export function snapshotRejected(problems: readonly ErrorDetail[]): ApiError {
  const seen = new Set<string>();
  const unique = problems.filter((p) => !seen.has(`${p.path} ${p.message}`) && seen.add(`${p.path} ${p.message}`));
  const details = unique.slice(0, MAX_DETAILS);
  if (unique.length > MAX_DETAILS) details.push({ path: '', message: `... and ${unique.length - MAX_DETAILS} more problems` });
  const first = details[0]!;
  const count = unique.length === 1 ? '' : ` (and ${unique.length - 1} more problem${unique.length === 2 ? '' : 's'})`;
  return new ApiError('validation_failed', `The snapshot was not imported, nothing changed: ${first.path || '(top level)'} ${first.message}${count}`, { details });
}
