/** `report.html`: the page of `html-report.ts`, written when the run finishes. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reporter, RunSummary } from '../contract/events.js';
import { renderHtmlReport } from './html-report.js';

export const HTML_REPORT_FILE = 'report.html';

export function createHtmlReporter(outDir: string): Reporter {
  return {
    name: 'html',
    onEvent() {},
    async finish(summary: RunSummary): Promise<void> {
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, HTML_REPORT_FILE), renderHtmlReport(summary), 'utf8');
    },
  };
}
