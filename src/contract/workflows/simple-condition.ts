/**
 * Arazzo 1.0 simple conditions (section "Criterion Object"): literals, runtime expressions, the
 * operators `< <= > >= == != ! && ||`, grouping with `()`, and `[]` / `.` to step into a value.
 * Parsed and evaluated here, never handed to `eval`/`Function`: a workflow file is data, and a
 * condition such as `process.exit()` must be a syntax error, not code.
 */

type Token = { kind: 'number' | 'string' | 'word' | 'expression' | 'op'; text: string; value?: unknown };

export type Resolve = (expression: string) => { value: unknown } | { missing: string };

export interface ConditionResult {
  met: boolean;
  /** What each runtime expression evaluated to, for the failure message (`$statusCode = 404`). */
  seen: string[];
}

export class ConditionSyntaxError extends Error {}

const OPERATORS = ['<=', '>=', '==', '!=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', '.'];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const expression = /^\$[A-Za-z0-9_.\-#/~]+/.exec(rest);
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(rest);
    if (expression) {
      // A trailing `.` is the property operator, not part of the expression.
      tokens.push({ kind: 'expression', text: expression[0].replace(/\.+$/, '') });
      i += tokens.at(-1)!.text.length;
    } else if (number) {
      tokens.push({ kind: 'number', text: number[0], value: Number(number[0]) });
      i += number[0].length;
    } else if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      let value = '';
      let j = 1;
      for (; j < rest.length && rest[j] !== quote; j++) value += rest[j] === '\\' && j + 1 < rest.length ? rest[++j] : rest[j];
      if (j >= rest.length) throw new ConditionSyntaxError(`an unterminated string at column ${i + 1}`);
      tokens.push({ kind: 'string', text: rest.slice(0, j + 1), value });
      i += j + 1;
    } else if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
    } else {
      const op = OPERATORS.find((o) => rest.startsWith(o));
      if (!op) throw new ConditionSyntaxError(`an unexpected ${JSON.stringify(rest[0])} at column ${i + 1}`);
      tokens.push({ kind: 'op', text: op });
      i += op.length;
    }
  }
  return tokens;
}

/** Evaluates a simple condition; a syntax error throws ConditionSyntaxError. */
export function evaluateCondition(text: string, resolve: Resolve): ConditionResult {
  const tokens = tokenize(text);
  const seen: string[] = [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (op?: string): Token => {
    const token = tokens[at];
    if (!token || (op !== undefined && (token.kind !== 'op' || token.text !== op))) {
      throw new ConditionSyntaxError(`expected ${op ?? 'a value'} ${token ? `at "${token.text}"` : 'at the end'}`);
    }
    at++;
    return token;
  };
  const isOp = (...ops: string[]) => peek()?.kind === 'op' && ops.includes(peek()!.text);

  const primary = (): unknown => {
    const token = take();
    if (token.kind === 'number' || token.kind === 'string') return token.value;
    if (token.kind === 'expression') {
      const found = resolve(token.text);
      const value = 'missing' in found ? undefined : found.value;
      seen.push('missing' in found ? found.missing : `${token.text} = ${show(value)}`);
      return value;
    }
    if (token.kind === 'word') {
      if (token.text === 'true') return true;
      if (token.text === 'false') return false;
      if (token.text === 'null') return null;
      throw new ConditionSyntaxError(`"${token.text}" is neither a literal nor a runtime expression`);
    }
    if (token.text === '(') {
      const value = or();
      take(')');
      return value;
    }
    throw new ConditionSyntaxError(`an unexpected "${token.text}"`);
  };
  const postfix = (): unknown => {
    let value = primary();
    while (isOp('[', '.')) {
      if (take().text === '[') {
        const key = or();
        take(']');
        value = member(value, key);
      } else {
        const name = take();
        if (name.kind !== 'word' && name.kind !== 'number') throw new ConditionSyntaxError(`expected a property name after "." at "${name.text}"`);
        value = member(value, name.kind === 'number' ? name.value : name.text);
      }
    }
    return value;
  };
  const unary = (): unknown => (isOp('!') ? (take(), !truthy(unary())) : postfix());
  const comparison = (): unknown => {
    const left = unary();
    if (!isOp('==', '!=', '<', '<=', '>', '>=')) return left;
    return compare(take().text, left, unary());
  };
  const and = (): unknown => {
    let value = comparison();
    while (isOp('&&')) {
      take();
      const right = comparison();
      value = truthy(value) && truthy(right);
    }
    return value;
  };
  const or = (): unknown => {
    let value = and();
    while (isOp('||')) {
      take();
      const right = and();
      value = truthy(value) || truthy(right);
    }
    return value;
  };

  if (tokens.length === 0) throw new ConditionSyntaxError('the condition is empty');
  const value = or();
  if (at < tokens.length) throw new ConditionSyntaxError(`an unexpected "${tokens[at]!.text}" after a complete condition`);
  return { met: truthy(value), seen };
}

function member(value: unknown, key: unknown): unknown {
  if (value === null || typeof value !== 'object') return undefined;
  const name = String(key);
  return Object.hasOwn(value, name) ? (value as Record<string, unknown>)[name] : undefined;
}

function truthy(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== 0 && value !== '';
}

/** A number or a string that is one (a header value), else undefined. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** Arazzo: string comparisons are case-insensitive; a number and a numeric string compare as numbers. */
function compare(op: string, left: unknown, right: unknown): boolean {
  if (op === '==' || op === '!=') return equal(left, right) === (op === '==');
  if (left === undefined || right === undefined || left === null || right === null) return false;
  const [a, b] = typeof left === 'number' || typeof right === 'number' ? [numeric(left), numeric(right)] : [left, right];
  if (a === undefined || b === undefined) return false;
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const [x, y] = typeof a === 'string' ? [a.toLowerCase(), (b as string).toLowerCase()] : [a, b as number];
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function equal(left: unknown, right: unknown): boolean {
  if ((left === undefined || left === null) && (right === undefined || right === null)) return true;
  if (left === undefined || right === undefined) return false;
  if (typeof left === 'string' && typeof right === 'string') return left.toLowerCase() === right.toLowerCase();
  if (typeof left === 'number' || typeof right === 'number') {
    const [a, b] = [numeric(left), numeric(right)];
    return a !== undefined && a === b;
  }
  if (typeof left === 'boolean' || typeof right === 'boolean') return String(left).toLowerCase() === String(right).toLowerCase();
  return JSON.stringify(left) === JSON.stringify(right);
}

export function show(value: unknown): string {
  const text = value === undefined ? 'absent' : typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
