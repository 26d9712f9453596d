/** Reporters by name, as `--reporter` gives them. */
import type { Reporter } from '../contract/events.js';
import { createConsoleReporter } from './console-reporter.js';
import { createHtmlReporter } from './html-reporter.js';
import { createJsonReporter } from './json-reporter.js';
import { createJunitReporter } from './junit-reporter.js';

const FACTORIES: Record<string, (outDir: string, stream: NodeJS.WritableStream) => Reporter> = {
  console: (_outDir, stream) => createConsoleReporter(stream),
  json: (outDir) => createJsonReporter(outDir),
  junit: (outDir) => createJunitReporter(outDir),
  html: (outDir) => createHtmlReporter(outDir),
};

export const REPORTER_NAMES: readonly string[] = Object.keys(FACTORIES);

/**
 * One reporter per distinct name, in the order given. File reporters write into `outDir` when
 * the run finishes; the console reporter writes to `stream`.
 */
export function createReporters(names: string[], outDir: string, stream: NodeJS.WritableStream): Reporter[] {
  const unknown = names.filter((name) => !Object.hasOwn(FACTORIES, name));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown reporter${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}; valid reporters are ${REPORTER_NAMES.join(', ')}`,
    );
  }
  return [...new Set(names)].map((name) => (FACTORIES[name] as (o: string, s: NodeJS.WritableStream) => Reporter)(outDir, stream));
}
