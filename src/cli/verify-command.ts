import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verifyHar, type HarEntry, type VerifyResult } from '../proxy/verify-har.js';
import { verifyConsole, verifyJson, verifyJunit } from '../reporting/verify-report.js';
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
  --reporter R  console, json or junit (repeatable, or comma-separated; default console);
                json and junit are written to --out
  --out DIR     where report files go (default ./verify-report): verify.json, verify-junit.xml
  -h, --help    this text

exit status: 0 every exchange conforms, 1 some exchange breaks DOC, 2 DOC or FILE cannot be read

example:
  petstore-kit verify --spec openapi.yaml --har frontend-session.har
  petstore-kit verify --spec openapi.yaml --har session.har --reporter console,junit --out reports
`;

const REPORTERS = ['console', 'json', 'junit'] as const;

class VerifyInputError extends Error {}

/** `petstore-kit verify --spec DOC --har FILE`: exit statuses as the runner's. */
export async function runVerifyCli(argv: string[], io: { stdout?: NodeJS.WritableStream; stderr?: NodeJS.WritableStream } = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  try {
    const { values } = parseArgs({ args: argv, options: { spec: { type: 'string' }, har: { type: 'string' }, reporter: { type: 'string', multiple: true }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
    if (values.help) {
      stdout.write(VERIFY_USAGE);
      return 0;
    }
    if (!values.spec || !values.har) throw new VerifyInputError(`--spec and --har are both needed\n\n${VERIFY_USAGE}`);
    const reporters = [...new Set((values.reporter ?? ['console']).flatMap((r) => r.split(',')).map((r) => r.trim()))];
    const unknown = reporters.find((r) => !(REPORTERS as readonly string[]).includes(r));
    if (unknown !== undefined) throw new VerifyInputError(`--reporter takes ${REPORTERS.join(', ')} (got '${unknown.slice(0, 100)}')`);
    const loaded = await loadDocument(values.spec);
    const entries = await readHar(values.har);
    const report = { spec: values.spec, har: values.har, result: await verifyHar(loaded, entries) };
    const files: [string, string][] = [];
    for (const reporter of reporters) {
      if (reporter === 'console') stdout.write(verifyConsole(report));
      if (reporter === 'json') files.push(['verify.json', verifyJson(report)]);
      if (reporter === 'junit') files.push(['verify-junit.xml', verifyJunit(report)]);
    }
    const out = values.out ?? 'verify-report';
    if (files.length > 0) await mkdir(out, { recursive: true });
    for (const [name, text] of files) {
      await writeFile(path.join(out, name), text);
      stdout.write(`wrote ${path.join(out, name)}\n`);
    }
    return report.result.broken > 0 ? 1 : 0;
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
