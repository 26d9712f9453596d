import type { ErrorDetail } from '../../core/errors.js';
import type { AnyPack, SnapshotTools } from '../../engine/behaviour-pack.js';
import { importRecords, type RecordCheck } from '../../engine/crud/record-snapshot.js';
import type { Resource } from '../../spec/resource-model.js';
import { parseNewKey } from '../../rate-limit/key-config.js';
import type { KeyRegistry } from '../../rate-limit/key-registry.js';
import type { ApiKeyRecord } from '../../rate-limit/types.js';
import { escapePointer } from '../../spec/parse-document-text.js';
import type { RecordData } from '../../store/record-store.js';
import type { Fault } from '../faults.js';
import { parseFault } from '../parse-fault.js';
import { parseLatencyRule, type LatencyRule } from '../latency/latency-rule.js';
import { CLOCK_RANGE_RULE, clockInRange, SNAPSHOT_FIELDS, SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './snapshot-format.js';

/** A snapshot read and checked, ready to apply: nothing in it can fail a check any more. */
export interface RestorePlan {
  packSeeds: Map<string, unknown>;
  records: RecordData;
  keys: ApiKeyRecord[];
  bans: { key: string; until: number }[];
  faults: Fault[];
  latency: LatencyRule[];
  /** Epoch ms of a frozen clock; undefined: the clock follows the real time. */
  frozenAt: number | undefined;
}

export interface SnapshotReader {
  title: string;
  packs: readonly AnyPack[];
  resources: readonly Resource[];
  tools: SnapshotTools;
  checkRecord: RecordCheck;
  keys: KeyRegistry;
  /** The keys every process starts with (demo, --config), as JSON by key: no session's to change. */
  startup: ReadonlyMap<string, string>;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/** Checks a whole snapshot (every problem, each with its JSON path) without changing anything. */
export function readSnapshot(value: unknown, reader: SnapshotReader): { plan: RestorePlan } | { problems: ErrorDetail[] } {
  if (!isObject(value)) return { problems: [{ path: '', message: 'a snapshot must be a JSON object' }] };
  if (value.format !== SNAPSHOT_FORMAT) return { problems: [{ path: '/format', message: `must be "${SNAPSHOT_FORMAT}" (got ${show(value.format)})` }] };
  if (value.version !== SNAPSHOT_VERSION) return { problems: [{ path: '/version', message: `version ${show(value.version)} is not one this mock reads (it reads ${SNAPSHOT_VERSION})` }] };
  const problems: ErrorDetail[] = [];
  for (const field of Object.keys(value)) if (!SNAPSHOT_FIELDS.includes(field)) problems.push({ path: `/${escapePointer(field)}`, message: `is not a field of a snapshot (${SNAPSHOT_FIELDS.join(', ')})` });
  readDocument(value.document, reader.title, problems);
  const frozenAt = readClock(value.clock, problems);
  const keys = readKeys(value.keys, reader, problems);
  const bans = readBans(value.bans, new Set([...reader.keys.list().map((k) => k.key), ...keys.map((k) => k.key)]), problems);
  const faults = readFaults(value.faults, problems);
  const latency = readLatency(value.latency, problems);
  const packSeeds = readPacks(value.packs, reader, problems);
  const records = importRecords(value.resources, '/resources', reader.resources, reader.checkRecord);
  if (!records.ok) problems.push(...records.problems);
  if (problems.length > 0 || !records.ok) return { problems };
  return { plan: { packSeeds, records: records.data, keys, bans, faults, latency, frozenAt } };
}

function readDocument(given: unknown, title: string, problems: ErrorDetail[]): void {
  if (given === undefined) return;
  if (!isObject(given)) return void problems.push({ path: '/document', message: 'must be an object {title, version}' });
  if (given.title !== undefined && given.title !== title) {
    problems.push({ path: '/document/title', message: `the snapshot was taken on ${show(given.title)}, this mock serves ${show(title)}` });
  }
}

function readClock(given: unknown, problems: ErrorDetail[]): number | undefined {
  if (given === undefined) return undefined;
  if (!isObject(given)) return void problems.push({ path: '/clock', message: 'must be an object {now, frozen}' });
  for (const field of Object.keys(given)) if (field !== 'now' && field !== 'frozen') problems.push({ path: `/clock/${escapePointer(field)}`, message: 'is not a field of the clock (now, frozen)' });
  if (typeof given.frozen !== 'boolean') return void problems.push({ path: '/clock/frozen', message: 'must be true (the clock stands at "now") or false (it follows the real time)' });
  const at = typeof given.now === 'string' && ISO_DATE_TIME.test(given.now) ? Date.parse(given.now) : NaN;
  if (given.frozen && Number.isNaN(at)) return void problems.push({ path: '/clock/now', message: 'must be an ISO 8601 date-time, e.g. 2027-07-01T00:00:00Z' });
  if (given.frozen && !clockInRange(at)) return void problems.push({ path: '/clock/now', message: `is out of range: ${CLOCK_RANGE_RULE}` });
  return given.frozen ? at : undefined;
}

/**
 * The snapshot's keys to add. A demo or --config key is shared by every session: given exactly as
 * it starts it is left out (nothing to do), given otherwise it is a problem, since importing it
 * would change it for every session and outlive `reset` (decision 030).
 */
function readKeys(given: unknown, reader: SnapshotReader, problems: ErrorDetail[]): ApiKeyRecord[] {
  const keys: ApiKeyRecord[] = [];
  const seen = new Map<string, string>();
  for (const [entry, at] of list(given, '/keys', problems)) {
    const { record, problems: found } = parseNewKey(entry, reader.keys.plans);
    for (const problem of found) {
      const field = /^(key|plan|perMinute|perDay|scope)\b/.exec(problem)?.[1];
      problems.push(field ? { path: `${at}/${field}`, message: problem.slice(field.length + 1) } : { path: at, message: problem });
    }
    if (!record) continue;
    if (seen.has(record.key)) problems.push({ path: `${at}/key`, message: `is listed twice (also at ${seen.get(record.key)})` });
    seen.set(record.key, at);
    const startup = reader.startup.get(record.key);
    if (startup === undefined) keys.push(record);
    else if (startup !== keyJson(record)) {
      problems.push({ path: `${at}/key`, message: `is a demo key or a key of --config, the same for every session: a snapshot cannot change it (it starts as ${show(JSON.parse(startup))})` });
    }
  }
  return keys;
}

function readBans(given: unknown, known: ReadonlySet<string>, problems: ErrorDetail[]): RestorePlan['bans'] {
  const bans: RestorePlan['bans'] = [];
  const seen = new Set<string>();
  for (const [entry, at] of list(given, '/bans', problems)) {
    if (!isObject(entry)) {
      problems.push({ path: at, message: 'must be an object {key, until}' });
      continue;
    }
    for (const field of Object.keys(entry)) if (field !== 'key' && field !== 'until') problems.push({ path: `${at}/${escapePointer(field)}`, message: 'is not a field of a ban (key, until)' });
    const key = entry.key;
    if (typeof key !== 'string' || !known.has(key)) problems.push({ path: `${at}/key`, message: 'must name a key of this mock or of the snapshot\'s "keys"' });
    else if (seen.has(key)) problems.push({ path: `${at}/key`, message: 'is banned twice' });
    const until = typeof entry.until === 'string' && ISO_DATE_TIME.test(entry.until) ? Date.parse(entry.until) : NaN;
    if (Number.isNaN(until)) problems.push({ path: `${at}/until`, message: 'must be an ISO 8601 date-time: when the ban ends' });
    if (typeof key === 'string' && known.has(key) && !seen.has(key) && !Number.isNaN(until)) bans.push({ key, until });
    if (typeof key === 'string') seen.add(key);
  }
  return bans;
}

function readFaults(given: unknown, problems: ErrorDetail[]): Fault[] {
  const faults: Fault[] = [];
  for (const [entry, at] of list(given, '/faults', problems)) {
    const { fault, problems: found } = isObject(entry) ? parseFault(entry) : { fault: undefined, problems: ['must be an object {method?, path?, times, status, delayMs?}'] };
    problems.push(...found.map((message) => ({ path: at, message })));
    if (fault) faults.push(fault);
  }
  return faults;
}

function readLatency(given: unknown, problems: ErrorDetail[]): LatencyRule[] {
  const rules: LatencyRule[] = [];
  for (const [entry, at] of list(given, '/latency', problems)) {
    const { rule, problems: found } = isObject(entry) ? parseLatencyRule(entry) : { rule: undefined, problems: ['must be an object {method?, path?, distribution, ...}'] };
    problems.push(...found.map((message) => ({ path: at, message })));
    if (rule) rules.push(rule);
  }
  return rules;
}

function readPacks(given: unknown, reader: SnapshotReader, problems: ErrorDetail[]): Map<string, unknown> {
  const seeds = new Map<string, unknown>();
  if (given !== undefined && !isObject(given)) {
    problems.push({ path: '/packs', message: 'must be an object of pack states by pack name' });
    return seeds;
  }
  const packs = (given ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(packs)) {
    if (!reader.packs.some((p) => p.name === name)) problems.push({ path: `/packs/${escapePointer(name)}`, message: `no behaviour pack "${name}" serves this document (${reader.packs.map((p) => p.name).join(', ') || 'none does'})` });
  }
  for (const pack of reader.packs) {
    const at = `/packs/${escapePointer(pack.name)}`;
    if (!pack.importState) {
      problems.push({ path: at, message: `the ${pack.name} pack cannot import snapshots` });
      continue;
    }
    const read = pack.importState(packs[pack.name], at, reader.tools);
    if (read.ok) seeds.set(pack.name, read.seed);
    else problems.push(...read.problems);
  }
  return seeds;
}

/** A key as JSON with its fields in one order, to tell whether two records are the same key. */
export function keyJson(k: Readonly<ApiKeyRecord>): string {
  return JSON.stringify({ key: k.key, plan: k.plan, perMinute: k.perMinute, perDay: k.perDay, scope: k.scope });
}

/** The entries of an optional array with their paths (a non-array is a problem and no entries). */
function list(given: unknown, path: string, problems: ErrorDetail[]): [unknown, string][] {
  if (given === undefined) return [];
  if (!Array.isArray(given)) {
    problems.push({ path, message: 'must be an array' });
    return [];
  }
  return given.map((entry, i) => [entry, `${path}/${i}`]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
