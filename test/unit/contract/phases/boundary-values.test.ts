import { describe, expect, it } from 'vitest';
import { boundaryValues } from '../../../../src/contract/phases/boundary-values.js';

const labels = (values: ReturnType<typeof boundaryValues>) => values.map((v) => `${v.label}:${v.accepted ? 'ok' : 'refused'}`);

describe('boundary values from a schema', () => {
  it('puts a string on each length bound and one past it', () => {
    const values = boundaryValues({ type: 'string', minLength: 1, maxLength: 100 });
    expect(labels(values)).toEqual(['minLength:ok', 'minLength-1:refused', 'maxLength:ok', 'maxLength+1:refused', 'maxLength:astral:ok', 'text:unicode:ok', 'text:metacharacters:ok', 'wrong-type:refused']);
    expect((values[2]!.value as string).length).toBe(100);
    expect((values[3]!.value as string).length).toBe(101);
  });
  it('steps past exclusive and inclusive number bounds', () => {
    expect(boundaryValues({ type: 'integer', minimum: 1, maximum: 1000 }).map((v) => [v.label, v.value])).toEqual([['minimum', 1], ['minimum-1', 0], ['maximum', 1000], ['maximum+1', 1001], ['wrong-type', 'not-a-number']]);
    expect(boundaryValues({ type: 'number', minimum: 0, exclusiveMinimum: true }).slice(0, 2).map((v) => [v.label, v.value, v.accepted])).toEqual([['exclusiveMinimum+step', 0.5, true], ['exclusiveMinimum', 0, false]]);
  });
  it('accepts each enum member and refuses one outside; a malformed format is refused', () => {
    expect(labels(boundaryValues({ type: 'string', enum: ['a', 'b'] }))).toEqual(['enum:a:ok', 'enum:b:ok', 'enum-outside:refused', 'wrong-type:refused']);
    expect(boundaryValues({ type: 'string', format: 'date-time' }, { wrongType: false })).toEqual([{ label: 'format:date-time', value: '2026-13-45T25:61:00Z', accepted: false }]);
  });
  it('sends no length or Unicode phrase to a string with a const, which only that value meets', () => {
    expect(labels(boundaryValues({ type: 'string', const: '2019-12-01', maxLength: 20 } as never))).toEqual(['wrong-type:refused']);
  });
  it('leaves out accepted values when asked (an id on its bound names no record)', () => {
    expect(boundaryValues({ type: 'integer', minimum: 1 }, { accepted: false }).every((v) => !v.accepted)).toBe(true);
  });
});
