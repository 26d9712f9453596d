import { describe, expect, it } from 'vitest';
import { ConditionSyntaxError, evaluateCondition } from '../../../../src/contract/workflows/simple-condition.js';

const values: Record<string, unknown> = {
  $statusCode: 201,
  '$response.body#/status': 'Available',
  '$response.body#/tags': ['a', 'b'],
  '$response.body': { items: [{ id: 7 }], total: 1 },
  '$response.header.X-Total-Count': '12',
  '$inputs.flag': true,
};
const resolve = (text: string) => (Object.hasOwn(values, text) ? { value: values[text] } : { missing: `${text} names nothing` });
const met = (condition: string) => evaluateCondition(condition, resolve).met;

describe('Arazzo simple conditions', () => {
  it('compares numbers, and a number with a numeric header value', () => {
    expect(met('$statusCode == 201')).toBe(true);
    expect(met('$statusCode != 201')).toBe(false);
    expect(met('$statusCode >= 200 && $statusCode < 300')).toBe(true);
    expect(met('$response.header.X-Total-Count > 10')).toBe(true);
    expect(met('$response.header.X-Total-Count <= 11')).toBe(false);
  });

  it('compares strings without regard to case, as Arazzo says', () => {
    expect(met("$response.body#/status == 'available'")).toBe(true);
    expect(met('$response.body#/status == "sold"')).toBe(false);
  });

  it('honours !, ||, && and parentheses in their precedence', () => {
    expect(met('!($statusCode == 404) && ($inputs.flag || $statusCode == 500)')).toBe(true);
    expect(met('$statusCode == 404 || $statusCode == 201 && !$inputs.flag')).toBe(false);
    expect(met('$inputs.flag == true')).toBe(true);
  });

  it('steps into values with [] and .', () => {
    expect(met('$response.body.items[0].id == 7')).toBe(false); // the dotted form is one expression, absent here
    expect(met('$response.body#/tags[1] == \'b\'')).toBe(true);
  });

  it('treats an absent value as null and says what it was', () => {
    const result = evaluateCondition("$response.body#/missing == 'x'", resolve);
    expect(result.met).toBe(false);
    expect(result.seen).toEqual(['$response.body#/missing names nothing']);
    expect(met('$response.body#/missing == null')).toBe(true);
    expect(evaluateCondition('$statusCode == 404', resolve).seen).toEqual(['$statusCode = 201']);
  });

  it('never runs a condition as code: anything outside the grammar is a syntax error', () => {
    for (const hostile of ['process.exit(1)', "require('fs')", '$statusCode == 201; process.exit()', '`${1}`', '$statusCode = 201', '']) {
      expect(() => evaluateCondition(hostile, resolve), hostile).toThrow(ConditionSyntaxError);
    }
  });
});
