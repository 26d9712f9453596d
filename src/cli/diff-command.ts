import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '../core/clock.js';
import type { ChangeLevel } from '../diff/change.js';
import { compareDocuments } from '../diff/compare-documents.js';
import { diffConsole } from '../diff/diff-console.js';
import { diffJunit } from '../diff/diff-junit.js';
import { diffMarkdown } from '../diff/diff-markdown.js';
import { reportFails, type DiffReport, type ReplayFinding } from '../diff/diff-report.js';
import { SpecError } from '../spec/spec-error.js';
import { DiffInputError, loadDiffDocument, type DiffDocument } from './diff-document.js';

export const DIFF_USAGE = `usage: petstore-kit diff OLD NEW [options]

Lists what changed between two versions of an OpenAPI document, each change with a level
(breaking, warning, info), its operation, JSON path and rule (docs/diff-rules.md).
OLD and NEW are files, or git:REV:PATH for PATH at a revision of the repository in the working
directory (git:origin/main:openapi.yaml).

options:
  --fail-on breaking|warning  exit 1 when a change is at least this severe (default breaking)
  --reporter R                console, json, markdown or junit (repeatable; default console);
                              json, markdown and junit are written to --out
  --out DIR                   where report files go (default ./diff-report): diff.json,
                              diff.md (a pull-request comment), diff-junit.xml
  --now DATE                  the instant sunset dates are compared with (default: now)
  --replay                    also run OLD's contract (default phases) against a mock of NEW and
                              name the old requests the new document's mock refuses
  -h, --help                  this text

exit status: 0 nothing at or above --fail-on, 1 something is, 2 a document could not be read

examples:
  petstore-kit diff git:origin/main:openapi.yaml openapi.yaml --reporter markdown
  petstore-kit diff v1.yaml v2.yaml --fail-on warning --reporter junit --out reports
`;

const REPORTERS = ['console', 'json', 'markdown', 'junit'] as const;
type DiffReporter = (typeof REPORTERS)[number];

export interface DiffOptions {
  old: string;
  new: string;
  failOn: ChangeLevel;
  reporters: DiffReporter[];
  out: string;
  now: number | undefined;
  replay: boolean;
}

export interface DiffCliIo {
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  clock?: Clock;
  cwd?: string;
  /** Runs OLD's contract against a mock of NEW, given the files they can be served from. */
  replay?: (oldFile: string, newFile: string, clock?: Clock) => Promise<ReplayFinding[]>;
}

class DiffUsageError extends Error {}

/** `petstore-kit diff OLD NEW ...`: 0 passes, 1 fails on --fail-on (or replay), 2 bad input. */
export async function runDiffCli(argv: string[], io: DiffCliIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  try {
    const options = parseDiffArgs(argv);
    if (options === 'help') {
      stdout.write(DIFF_USAGE);
      return 0;
    }
    const cwd = io.cwd ?? process.cwd();
    const documents: DiffDocument[] = [];
    try {
      for (const spec of [options.old, options.new]) documents.push(await loadDiffDocument(spec, cwd));
      const [old, next] = documents as [DiffDocument, DiffDocument];
      const now = options.now ?? (io.clock ?? systemClock).now();
      const report: DiffReport = {
        old: options.old, new: options.new, now: new Date(now).toISOString(), failOn: options.failOn,
        changes: compareDocuments(old.loaded.document, next.loaded.document, now),
      };
      if (options.replay) {
        const replay = io.replay ?? (await import('./diff-replay.js')).replayOldContract;
        report.replay = await replay(old.file, next.file, io.clock);
      }
      await writeReports(report, options, stdout, cwd);
      return reportFails(report) ? 1 : 0;
    } finally {
      await Promise.all(documents.map((document) => document.close()));
    }
  } catch (error) {
    if (error instanceof DiffUsageError) {
      stderr.write(`petstore-kit diff: ${error.message}\n\n${DIFF_USAGE}`);
      return 2;
    }
    if (error instanceof SpecError || error instanceof DiffInputError) {
      stderr.write(`petstore-kit diff: ${error.message}\n`);
      return 2;
    }
    stderr.write(`petstore-kit diff: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
}

async function writeReports(report: DiffReport, options: DiffOptions, stdout: NodeJS.WritableStream, cwd: string): Promise<void> {
  const files: [string, string][] = [];
  for (const reporter of options.reporters) {
    if (reporter === 'console') stdout.write(diffConsole(report));
    if (reporter === 'json') files.push(['diff.json', `${JSON.stringify({ ...report, fails: reportFails(report) }, null, 2)}\n`]);
    if (reporter === 'markdown') files.push(['diff.md', diffMarkdown(report)]);
    if (reporter === 'junit') files.push(['diff-junit.xml', diffJunit(report)]);
  }
  if (files.length === 0) return;
  const dir = path.resolve(cwd, options.out);
  await mkdir(dir, { recursive: true });
  for (const [name, text] of files) {
    await writeFile(path.join(dir, name), text);
    stdout.write(`wrote ${path.join(options.out, name)}\n`);
  }
}

export function parseDiffArgs(argv: string[]): DiffOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'fail-on': { type: 'string' },
        reporter: { type: 'string', multiple: true },
        out: { type: 'string' },
        now: { type: 'string' },
        replay: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new DiffUsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (positionals.length !== 2) throw new DiffUsageError(`expected two documents, OLD and NEW (got ${positionals.length})`);
  const failOn = values['fail-on'] ?? 'breaking';
  if (failOn !== 'breaking' && failOn !== 'warning') throw new DiffUsageError(`--fail-on takes breaking or warning (got '${failOn}')`);
  const reporters = (values.reporter ?? ['console']).flatMap((r) => r.split(',')).map((r) => r.trim());
  for (const reporter of reporters) {
    if (!(REPORTERS as readonly string[]).includes(reporter)) throw new DiffUsageError(`--reporter takes ${REPORTERS.join(', ')} (got '${reporter}')`);
  }
  let now: number | undefined;
  if (values.now !== undefined) {
    now = Date.parse(values.now);
    if (Number.isNaN(now)) throw new DiffUsageError(`--now takes a date such as 2027-07-01T00:00:00Z (got '${values.now}')`);
  }
  return {
    old: positionals[0]!, new: positionals[1]!, failOn, reporters: [...new Set(reporters)] as DiffReporter[],
    out: values.out ?? 'diff-report', now, replay: values.replay === true,
  };
}
