/**
 * `report.json`: the RunSummary as data, for tools and dashboards, with credentials masked, and
 * the failures grouped by cause in `problems`. Written as the run goes (decision 068): each case
 * is appended to `report.json.part` when it finishes, the rest when the run ends, then the file
 * takes its name; the report is never held whole in memory.
 */
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult, Reporter, RunEvent, RunSummary } from '../contract/events.js';
import type { Problem } from './problems.js';
import { maskCase, maskSummary } from './report-model.js';
import { RunDigest } from './run-digest.js';
import { escapeUnsafe } from './unsafe-chars.js';

/**
 * Bumped when a field of report.json changes meaning or goes away (adding a field does not bump
 * it), so that consumers can tell which shape they read.
 */
export const REPORT_SCHEMA_VERSION = 1;

export const JSON_REPORT_FILE = 'report.json';

export type JsonReport = RunSummary & { schemaVersion: number; problems: Problem[] };

/** The whole report as one value, for a summary held in memory (tests, the proxy's small runs). */
export function toJsonReport(summary: RunSummary): JsonReport {
  const digest = new RunDigest();
  digest.takeRest(summary);
  return { schemaVersion: REPORT_SCHEMA_VERSION, ...maskSummary(summary), problems: digest.problemList() };
}

/** `"key": value` at the report's top level, indented as JSON.stringify(…, null, 2) would. */
const field = (key: string, value: unknown) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;

export function createJsonReporter(outDir: string): Reporter {
  const file = join(outDir, JSON_REPORT_FILE);
  const part = `${file}.part`;
  let fd: number | undefined;
  let casesWritten = 0;
  const head = new Set<string>();
  const write = (text: string) => writeSync(fd!, escapeUnsafe(text));
  const open = (fields: Record<string, unknown>) => {
    if (fd !== undefined) return;
    mkdirSync(outDir, { recursive: true });
    fd = openSync(part, 'w');
    const lines = [field('schemaVersion', REPORT_SCHEMA_VERSION)];
    for (const [key, value] of Object.entries(fields)) {
      head.add(key);
      lines.push(field(key, value));
    }
    write(`{\n${lines.join(',\n')},\n  "cases": [`);
  };
  const writeCase = (c: CaseResult) => {
    open({});
    write(`${casesWritten === 0 ? '' : ','}\n    ${JSON.stringify(maskCase(c), null, 2).replace(/\n/g, '\n    ')}`);
    casesWritten += 1;
  };
  const digest = new RunDigest(writeCase);
  const close = () => {
    if (fd !== undefined) closeSync(fd);
    fd = undefined;
  };
  return {
    name: 'json',
    onEvent(event: RunEvent): void {
      if (event.type === 'run-started') open({ baseUrl: event.baseUrl, specFile: event.specFile, startedAt: event.startedAt });
      digest.onEvent(event);
    },
    async finish(summary: RunSummary): Promise<void> {
      try {
        digest.takeRest(summary);
        open({});
        const rest = Object.entries(summary).filter(([key, value]) => key !== 'cases' && !head.has(key) && value !== undefined);
        write(`${casesWritten === 0 ? ']' : '\n  ]'},\n${[...rest.map(([key, value]) => field(key, value)), field('problems', digest.problemList())].join(',\n')}\n}\n`);
        close();
        renameSync(part, file);
      } finally {
        close();
      }
    },
    async abort(): Promise<void> {
      close();
      rmSync(part, { force: true });
    },
  };
}
