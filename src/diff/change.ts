/** One difference between two versions of a document, as every diff report shows it. */
export type ChangeLevel = 'breaking' | 'warning' | 'info';

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info'];

export interface Change {
  level: ChangeLevel;
  /** The rule's id (docs/diff-rules.md). */
  rule: string;
  /** `METHOD /path` as the old document writes it (the new one's for an added operation); '' for the document as a whole. */
  operation: string;
  /** A JSON path into the document that holds the change (the old one, or the new one for additions). */
  path: string;
  /** One sentence a reader understands without the rule table. */
  message: string;
}

/** True when `level` is at least as severe as `threshold`. */
export function atLeast(level: ChangeLevel, threshold: ChangeLevel): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(threshold);
}

export function countByLevel(changes: readonly Change[]): Record<ChangeLevel, number> {
  const counts: Record<ChangeLevel, number> = { breaking: 0, warning: 0, info: 0 };
  for (const change of changes) counts[change.level] += 1;
  return counts;
}
