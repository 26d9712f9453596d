import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyHar, type HarEntry, type VerifyResult } from '../proxy/verify-har.js';
import { toXmlChars } from '../reporting/xml-escape.js';
import { loadDocument } from '../spec/load-document.js';
import { SpecError } from '../spec/spec-error.js';

export const VERIFY_USAGE = `usage: petstore-kit verify --spec DOC --har FILE

Checks every exchange of a HAR 1.2 recording (the proxy's --record, a browser's developer tools,
or the mock's GET /__admin/requests?format=har) against DOC: each request as the mock validates
it, each answer with the runner's checks. Failures with the same check, operation and location
are one problem, listing the exchanges that show it.

options:
  --spec DOC    the OpenAPI document (3.0, 3.1 or Swagger 2.0)
  --har FILE    the recording
  -h, --help    this text

exit status: 0 every exchange conforms, 1 some exchange breaks DOC, 2 DOC or FILE cannot be read

example:
  petstore-kit verify --spec openapi.yaml --har frontend-session.har
`;

class VerifyInputError extends Error {}

/** `petstore-kit verify --spec DOC --har FILE`: exit statuses as the runner's. */
export async function runVerifyCli(argv: string[], io: { stdout?: NodeJS.WritableStream; stderr?: NodeJS.WritableStream } = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  try {
    const { values } = parseArgs({ args: argv, options: { spec: { type: 'string' }, har: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      stdout.write(VERIFY_USAGE);
      return 0;
    }
    if (!values.spec || !values.har) throw new VerifyInputError(`--spec and --har are both needed\n\n${VERIFY_USAGE}`);
    const loaded = await loadDocument(values.spec);
    const entries = await readHar(values.har);
    const result = await verifyHar(loaded, entries);
    stdout.write(verifyConsole(values.spec, values.har, result));
    return result.broken > 0 ? 1 : 0;
  } catch (error) {
    const message = error instanceof VerifyInputError || error instanceof SpecError ? error.message : error instanceof Error ? error.message : String(error);
    stderr.write(`petstore-kit verify: ${message}\n`);
    return 2;
  }
}

async function readHar(file: string): Promise<HarEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new VerifyInputError(`${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let har: unknown;
  try {
    har = JSON.parse(text);
  } catch (error) {
    throw new VerifyInputError(`${file}: is not JSON (${(error as Error).message})`);
  }
  const entries = (har as { log?: { entries?: unknown } })?.log?.entries;
  if (!Array.isArray(entries)) throw new VerifyInputError(`${file}: is not a HAR (no log.entries list)`);
  entries.forEach((entry, index) => {
    const e = entry as Partial<HarEntry>;
    if (typeof e?.request?.method !== 'string' || typeof e.request.url !== 'string' || typeof e.response?.status !== 'number') {
      throw new VerifyInputError(`${file}: log.entries[${index}] has no request.method, request.url or response.status`);
    }
  });
  return entries as HarEntry[];
}

function verifyConsole(spec: string, har: string, result: VerifyResult): string {
  const lines = [`petstore-kit verify: ${har} against ${spec}`];
  for (const problem of result.problems) {
    lines.push(`problem  ${problem.check}  ${problem.operation}${problem.location ? `  at ${problem.location}` : ''}`, `         ${problem.message}`);
    const shown = problem.exchanges.slice(0, 5);
    lines.push(`         in ${problem.exchanges.length} exchange${problem.exchanges.length === 1 ? '' : 's'}: ${shown.join('; ')}${problem.exchanges.length > shown.length ? '; ...' : ''}`);
  }
  lines.push(`${result.exchanges} exchanges: ${result.exchanges - result.broken} conform, ${result.broken} break the document; ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
  return `${lines.map(toXmlChars).join('\n')}\n`;
}
