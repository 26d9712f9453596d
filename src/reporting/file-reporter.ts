/**
 * A reporter that writes one file into `outDir` (junit.xml, report.html) from cases rendered as
 * they finish: each case's text goes to a scratch file beside the report (case-spool.ts) and the
 * report is written from it, operation by operation, when the run ends (decision 068).
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { CaseResult, Reporter, RunEvent, RunSummary } from '../contract/events.js';
import { CaseSpool, type CaseTexts } from './case-spool.js';
import { RunDigest } from './run-digest.js';

export type Sink = (chunk: Buffer | string) => void;

export interface SpooledFormat {
  /** A case's text, grouped by its operationId. */
  renderCase(c: CaseResult, index: number): string;
  /** The whole file, the cases' texts taken from `texts`. */
  write(sink: Sink, summary: RunSummary, digest: RunDigest, texts: CaseTexts): void;
}

export function spooledReporter(name: string, outDir: string, fileName: string, format: SpooledFormat): Reporter {
  const file = join(outDir, fileName);
  const spool = new CaseSpool(`${file}.cases.tmp`);
  const digest = new RunDigest((c, index) => spool.add(c.operationId, format.renderCase(c, index)));
  return {
    name,
    onEvent: (event: RunEvent) => digest.onEvent(event),
    async finish(summary: RunSummary): Promise<void> {
      try {
        digest.takeRest(summary);
        mkdirSync(outDir, { recursive: true });
        const fd = openSync(file, 'w');
        try {
          format.write((chunk) => (typeof chunk === 'string' ? writeSync(fd, chunk) : writeSync(fd, chunk)), summary, digest, spool);
        } finally {
          closeSync(fd);
        }
      } finally {
        spool.remove();
      }
    },
    async abort(): Promise<void> {
      spool.remove();
    },
  };
}
