/** `report.html`: the page of `html-report.ts`, written when the run finishes. */
import type { Reporter } from '../contract/events.js';
import { fileReporter } from './file-reporter.js';
import { renderHtmlReport } from './html-report.js';

export const HTML_REPORT_FILE = 'report.html';

export function createHtmlReporter(outDir: string): Reporter {
  return fileReporter('html', outDir, HTML_REPORT_FILE, renderHtmlReport);
}
