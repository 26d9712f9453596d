/**
 * The console report: a progress line per finished case while the run goes, then the summary of
 * `console-summary.ts` when it ends. Writes only to the stream it is given.
 */
import type { CaseResult, CaseStatus, Reporter, RunEvent } from '../contract/events.js';
import { renderConsoleSummary } from './console-summary.js';
import { formatDuration } from './report-model.js';
import { RunDigest } from './run-digest.js';
import { createTerminalStyle, printable, visibleLength, wantsColor, type TerminalStyle } from './terminal-style.js';

export interface ConsoleReporterOptions {
  /** Colour on or off; by default on for a TTY unless NO_COLOR is set. */
  color?: boolean;
  /** Line width for progress lines; by default the terminal's (60..100), else 100. */
  width?: number;
}

const MARK: Record<CaseStatus, string> = { passed: '✓', failed: '✗', error: '!', skipped: '-' };

export function createConsoleReporter(stream: NodeJS.WritableStream, options: ConsoleReporterOptions = {}): Reporter {
  const style = createTerminalStyle(options.color ?? wantsColor(stream));
  const width = options.width ?? terminalWidth(stream);
  let planned = 0;
  let finished = 0;
  let summaryWritten = false;
  const digest = new RunDigest();
  const write = (text: string) => {
    stream.write(`${text}\n`);
  };

  return {
    name: 'console',
    onEvent(event: RunEvent): void {
      digest.onEvent(event);
      switch (event.type) {
        case 'run-started':
          planned = event.plannedCases;
          write(`${style.bold('Contract run')} ${printable(event.baseUrl)} ${style.dim(`(${printable(event.specFile)}, ${planned} cases planned)`)}`);
          break;
        case 'case-started':
          break;
        case 'case-finished':
          finished += 1;
          write(progressLine(event.result, finished, planned, width, style));
          break;
        case 'waiting':
          write(style.dim(`      … waiting ${formatDuration(event.ms)}: ${printable(event.reason)}`));
          break;
        case 'run-finished':
          if (!summaryWritten) {
            summaryWritten = true;
            digest.takeRest(event.summary);
            stream.write(renderConsoleSummary(event.summary, digest, style));
          }
          break;
      }
    },
  };
}

function progressLine(result: CaseResult, n: number, planned: number, width: number, style: TerminalStyle): string {
  const total = Math.max(planned, n);
  const counter = style.dim(`[${String(n).padStart(String(total).length)}/${total}]`);
  const colour = { passed: style.green, failed: style.red, error: style.yellow, skipped: style.dim }[result.status];
  const time = result.status === 'skipped' ? 'skipped' : formatDuration(result.durationMs);
  const suffix = ` ${style.dim(`(${time})`)}`;
  const head = `${counter} ${colour(MARK[result.status])} `;
  const room = width - visibleLength(head) - visibleLength(suffix);
  return `${head}${shorten(printable(result.title).replace(/\s+/g, ' '), Math.max(room, 20))}${suffix}`;
}

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

function terminalWidth(stream: NodeJS.WritableStream): number {
  const columns = (stream as NodeJS.WritableStream & { isTTY?: boolean; columns?: number }).columns;
  if (typeof columns === 'number' && columns > 0) return Math.min(Math.max(columns, 60), 100);
  // Not a terminal: a CI log or a file, which are read in wide windows.
  return 100;
}
