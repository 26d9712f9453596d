import type { Document } from '../spec/openapi.js';
import type { Change } from './change.js';
import { ruleLevel } from './diff-rules.js';
import { member } from './json-path.js';
import type { OperationEntry } from './operations.js';

type Requirement = Map<string, Set<string>>;

/**
 * Security is a list of alternatives; a client holding what one old alternative asked for still
 * gets in when some new alternative asks for no more (same schemes, no new scopes).
 */
export function compareSecurity(oldDocument: Document, before: OperationEntry, newDocument: Document, after: OperationEntry, out: Change[]): void {
  const old = requirementsOf(oldDocument, before);
  const now = requirementsOf(newDocument, after);
  const path = member(before.path, 'security');
  const locked = old.filter((held) => !now.some((asked) => within(asked, held)));
  if (locked.length > 0) {
    const said = locked.map(describe).join(' or ');
    out.push({ level: ruleLevel('security-requirement-added'), rule: 'security-requirement-added', operation: before.label, path, message: `a client with ${said} is no longer let in (now: ${now.map(describe).join(' or ') || 'none'})` });
    return;
  }
  const eased = now.filter((asked) => !old.some((held) => within(held, asked)));
  if (eased.length > 0) {
    out.push({ level: ruleLevel('security-requirement-removed'), rule: 'security-requirement-removed', operation: before.label, path, message: `the operation now also lets in ${eased.map(describe).join(' or ')}` });
  }
}

/** The operation's own `security`, else the document's; none (or an empty alternative) lets anyone in. */
function requirementsOf(document: Document, entry: OperationEntry): Requirement[] {
  const declared = (entry.operation.security ?? (document as { security?: unknown }).security) as unknown;
  if (!Array.isArray(declared) || declared.length === 0) return [new Map()];
  return declared.map((alternative) => new Map(Object.entries((alternative ?? {}) as Record<string, unknown>).map(([scheme, scopes]) => [scheme, new Set(Array.isArray(scopes) ? scopes.map(String) : [])])));
}

/** True when `asked` needs nothing beyond `held`. */
function within(asked: Requirement, held: Requirement): boolean {
  for (const [scheme, scopes] of asked) {
    const have = held.get(scheme);
    if (!have || [...scopes].some((scope) => !have.has(scope))) return false;
  }
  return true;
}

function describe(requirement: Requirement): string {
  if (requirement.size === 0) return 'no credential';
  return [...requirement].map(([scheme, scopes]) => (scopes.size > 0 ? `${scheme} (${[...scopes].join(', ')})` : scheme)).join(' + ');
}
