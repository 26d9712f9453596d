import type { Document } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import type { Behaviour } from './behaviour.js';
import type { AnyPack } from './behaviour-pack.js';
import { exampleBehaviour } from './example-answer.js';
import type { ExampleCheck } from './example-conformance.js';

/** One line of what start-up prints and `GET /__admin/operations` lists. */
export interface BehaviourLine {
  method: string;
  path: string;
  operationId: string;
  behaviour: string;
  resource?: string;
  reason?: string;
  /** Body fields that must name an existing record (`ownerId->owners`). */
  references?: readonly string[];
  /** The record the path addresses (`menuItemId->menu`): 404 when it does not exist. */
  addresses?: string;
  /** A start-up note about how it is served (src/engine/behaviour.ts). */
  note?: string;
}

export interface BehaviourPlan {
  /** By operationId. */
  readonly behaviours: ReadonlyMap<string, Behaviour>;
  /** In the document's order. */
  readonly lines: readonly BehaviourLine[];
  /** The packs that claimed at least one operation, in the order asked. */
  readonly packs: readonly AnyPack[];
}

/** Infers behaviours for what no pack claimed; undefined leaves an operation to examples. */
export type Inference = (operation: Operation) => Behaviour | undefined;

/**
 * Chooses, once at load, how each operation is served: the first pack that claims it, else an
 * inferred behaviour (CRUD), else its examples or generated data.
 */
export function selectBehaviours(operations: readonly Operation[], document: Document, packs: readonly AnyPack[], infer: Inference = () => undefined, check?: ExampleCheck): BehaviourPlan {
  const behaviours = new Map<string, Behaviour>();
  const lines: BehaviourLine[] = [];
  const used = new Set<AnyPack>();
  for (const operation of operations) {
    const pack = packs.find((p) => p.claims(operation, document));
    let behaviour: Behaviour;
    if (pack) {
      used.add(pack);
      const handler = pack.handler(operation);
      const name = pack.name;
      behaviour = { kind: name, handle: (ctx) => handler(ctx, ctx.state.packs.get(name)) };
    } else {
      behaviour = infer(operation) ?? exampleBehaviour(operation, check);
    }
    behaviours.set(operation.operationId, behaviour);
    const line: BehaviourLine = { method: operation.method.toUpperCase(), path: operation.path, operationId: operation.operationId, behaviour: behaviour.kind };
    if (behaviour.resource !== undefined) line.resource = behaviour.resource;
    if (behaviour.reason !== undefined) line.reason = behaviour.reason;
    if (behaviour.references !== undefined) line.references = behaviour.references;
    if (behaviour.addresses !== undefined) line.addresses = behaviour.addresses;
    if (behaviour.note !== undefined) line.note = behaviour.note;
    lines.push(line);
  }
  return { behaviours, lines, packs: packs.filter((p) => used.has(p)) };
}

/** `GET /things/{thingId}  crud:read  things`, the columns aligned over all lines. */
export function formatBehaviourLines(lines: readonly BehaviourLine[]): string[] {
  const left = lines.map((l) => `${l.method} ${l.path}`);
  const width = Math.max(0, ...left.map((l) => l.length));
  const kindWidth = Math.max(0, ...lines.map((l) => l.behaviour.length));
  return lines.map((l, i) => {
    const checks = [...(l.addresses ? [`addresses ${l.addresses}`] : []), ...(l.references ? [`references ${l.references.join(', ')}`] : [])];
    const tail = [l.resource ?? (l.reason ? `(${l.reason})` : ''), ...checks].filter((t) => t !== '').join('  ');
    return `${left[i]!.padEnd(width)}  ${tail ? `${l.behaviour.padEnd(kindWidth)}  ${tail}` : l.behaviour}`.trimEnd();
  });
}
