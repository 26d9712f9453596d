import type { VerifyResult } from './verify-result.js';
import { escapeXmlAttribute, escapeXmlText, toXmlChars } from './xml-escape.js';

/** The reports of `petstore-kit verify`: the console's, and the files of `--reporter json,junit`. */
export interface VerifyReport {
  spec: string;
  har: string;
  result: VerifyResult;
}

export function verifyConsole({ spec, har, result }: VerifyReport): string {
  const lines = [`petstore-kit verify: ${har} against ${spec}`];
  for (const problem of result.problems) {
    lines.push(`problem  ${problem.check}  ${problem.operation}${problem.location ? `  at ${problem.location}` : ''}`, `         ${problem.message}`);
    const shown = problem.exchanges.slice(0, 5);
    lines.push(`         in ${problem.exchanges.length} exchange${problem.exchanges.length === 1 ? '' : 's'}: ${shown.join('; ')}${problem.exchanges.length > shown.length ? '; ...' : ''}`);
  }
  lines.push(summary(result));
  return `${lines.map(toXmlChars).join('\n')}\n`;
}

/** `verify.json`: the counts and every problem with all the exchanges that show it. */
export function verifyJson({ spec, har, result }: VerifyReport): string {
  const report = { spec, har, exchanges: result.exchanges, conform: result.exchanges - result.broken, broken: result.broken, fails: result.broken > 0, problems: result.problems };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** `verify-junit.xml`: one failing case per problem, and one passing case for the exchanges as a whole when none broke. */
export function verifyJunit({ spec, har, result }: VerifyReport): string {
  const cases = result.problems.map((p) => {
    const name = `${p.operation}: ${p.check}${p.location ? ` at ${p.location}` : ''}`;
    const text = `${p.message}\nin ${p.exchanges.length} exchange${p.exchanges.length === 1 ? '' : 's'}:\n${p.exchanges.join('\n')}`;
    return `    <testcase classname="verify.${escapeXmlAttribute(p.check)}" name="${escapeXmlAttribute(name)}">\n      <failure type="${escapeXmlAttribute(p.check)}" message="${escapeXmlAttribute(p.message)}">${escapeXmlText(text)}</failure>\n    </testcase>`;
  });
  if (cases.length === 0) cases.push(`    <testcase classname="verify" name="${escapeXmlAttribute(summary(result))}"/>`);
  const failures = result.problems.length;
  const name = escapeXmlAttribute(`petstore-kit verify ${har} against ${spec}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${cases.length}" failures="${failures}">\n  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}

function summary(result: VerifyResult): string {
  return `${result.exchanges} exchanges: ${result.exchanges - result.broken} conform, ${result.broken} break the document; ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`;
}
