/** `report.html`: the page of `html-report.ts`, each case rendered when it finishes. */
import type { Reporter } from '../contract/events.js';
import { spooledReporter } from './file-reporter.js';
import { renderCaseItem, writeHtmlReport } from './html-report.js';

export const HTML_REPORT_FILE = 'report.html';

export function createHtmlReporter(outDir: string): Reporter {
  return spooledReporter('html', outDir, HTML_REPORT_FILE, { renderCase: renderCaseItem, write: writeHtmlReport });
}
