import type { ErrorDetail } from '../core/errors.js';
import type { Document, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import type { SharedDocument } from '../store/shared-document.js';
import type { BehaviourContext, OperationResult } from './behaviour.js';

/** A pack's handler of one operation, given the session's state of that pack. */
export type PackHandler<State> = (ctx: BehaviourContext, state: State) => Promise<OperationResult>;

/**
 * Rules a document cannot express, for operations that are really the pack's own
 * (docs/decisions/018-behaviour-packs.md). A pack is one folder under src/packs exporting one
 * of these; the engine asks the packs first, then infers CRUD, then answers from examples.
 *
 * Life cycle: `claims` is asked once per operation at load. When a pack claims at least one
 * operation, `seed` runs once (what every session starts from), `createState` runs for every
 * session (on first use and on `/__admin/reset`), and `handler` once per claimed operation.
 */
export interface BehaviourPack<State = unknown, Seed = unknown> {
  readonly name: string;
  /**
   * True only when the operation is the pack's own: its operationId, method, path template and
   * the request/response schema shapes its rules need. Another document's operation of the
   * same name but another shape must be left to the generic rules.
   */
  claims(operation: Operation, document: Document): boolean;
  /** `document` is the dereferenced one; the same `seed` gives the same data. */
  seed(document: Document, seed: number): Seed;
  createState(seed: Seed): State;
  /**
   * The state kept in a shared store (Redis, `--store`) as one versioned document, for packs
   * that support it; a pack without it cannot be served by several processes as one.
   */
  createSharedState?(seed: Seed, document: SharedDocument): State;
  /** The state as plain data, for inspection (tests, the soak run). */
  snapshot(state: State): Promise<unknown>;
  handler(operation: Operation): PackHandler<State>;
  /**
   * The events the pack's rules fire (an order completed), as webhooks of the document: name,
   * method and body schema read from `document`. A handler fires one by returning it in its
   * result's `events`; the mock sends it, after the answer, to the session's subscribers and
   * every `--webhook-target`. A webhook the document declares under the same name wins.
   */
  events?(document: Document): readonly PackEvent[];

  /**
   * Snapshots (`/__admin/snapshot`, `mock --state`, docs/snapshot-format.md): the state as the
   * JSON value kept under `packs.<name>`, documented by the pack, human-editable. A pack
   * without these hooks makes a document it claims refuse snapshots (export and import).
   */
  exportState?(state: State): Promise<unknown>;
  /**
   * Reads a value written by exportState (or by hand): the seed a session's state is made from,
   * or every problem found, each with its JSON path under `path`. Pure: nothing changes here.
   */
  importState?(value: unknown, path: string, tools: SnapshotTools): Restored<Seed>;
  /**
   * A shared state (`--store`) made from an imported seed and written over whatever the shared
   * store holds for that session, so every process sees it. A pack with createSharedState
   * needs this for snapshots on a shared store.
   */
  restoreSharedState?(seed: Seed, document: SharedDocument): Promise<State>;
}

/** A webhook a pack fires on its own (src/spec/outgoing-requests.ts's shape, with no URL). */
export interface PackEvent {
  name: string;
  method: string;
  /** The JSON schema of the body, read from the document. */
  schema: Schema | undefined;
}

/** What a pack's importState may use to check a snapshot against the document. */
export interface SnapshotTools {
  /** The dereferenced document. */
  readonly document: Document;
  /** Problems of `value` against a schema of the document (compiled once, cached), paths under `path`. */
  check(schema: Schema, value: unknown, path: string): ErrorDetail[];
}

export type Restored<Seed> = { ok: true; seed: Seed } | { ok: false; problems: ErrorDetail[] };

/** Packs are listed without knowing their State types; the engine only passes states through. */
export type AnyPack = BehaviourPack<any, any>;
