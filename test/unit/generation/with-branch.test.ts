import { describe, expect, it } from 'vitest';
import { mergeAllOf } from '../../../src/generation/merge-all-of.js';
import { withBranch } from '../../../src/generation/with-branch.js';
import type { Schema } from '../../../src/spec/openapi.js';

describe('withBranch', () => {
  it('is the same schema for the same schema and branch, so its allOf merge is made once (decision 102)', () => {
    const user = { type: 'object', properties: { id: { type: 'string' } } } as Schema;
    const nullable = { type: 'object', nullable: true } as Schema;
    const manager = { anyOf: [user, nullable], description: 'the manager' } as Schema;
    const chosen = withBranch(manager, user);
    expect(withBranch(manager, user)).toBe(chosen);
    expect(mergeAllOf(withBranch(manager, user))).toBe(mergeAllOf(chosen));
    expect(withBranch(manager, nullable)).not.toBe(chosen);
    expect(chosen).toEqual({ allOf: [{ description: 'the manager' }, user] });
  });
});
