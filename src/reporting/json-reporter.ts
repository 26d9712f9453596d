/** `report.json`: the RunSummary as data, for tools and dashboards, with credentials masked. */
import type { Reporter, RunSummary } from '../contract/events.js';
import { fileReporter } from './file-reporter.js';
import { maskSummary } from './report-model.js';
import { escapeUnsafe } from './unsafe-chars.js';

/**
 * Bumped when a field of report.json changes meaning or goes away (adding a field does not bump
 * it), so that consumers can tell which shape they read.
 */
export const REPORT_SCHEMA_VERSION = 1;

export const JSON_REPORT_FILE = 'report.json';

export type JsonReport = RunSummary & { schemaVersion: number };

export function toJsonReport(summary: RunSummary): JsonReport {
  return { schemaVersion: REPORT_SCHEMA_VERSION, ...maskSummary(summary) };
}

export function createJsonReporter(outDir: string): Reporter {
  return fileReporter('json', outDir, JSON_REPORT_FILE, (summary) => `${escapeUnsafe(JSON.stringify(toJsonReport(summary), null, 2))}
`);
}
