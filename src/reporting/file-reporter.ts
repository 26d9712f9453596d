import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reporter, RunSummary } from '../contract/events.js';

/** A reporter that writes one file into `outDir` when the run finishes (json, junit, html). */
export function fileReporter(name: string, outDir: string, fileName: string, render: (summary: RunSummary) => string): Reporter {
  return {
    name,
    onEvent() {},
    async finish(summary: RunSummary): Promise<void> {
      await mkdir(outDir, { recursive: true });
      await writeFile(join(outDir, fileName), render(summary), 'utf8');
    },
  };
}
