import { systemClock } from '../core/clock.js';
import { escapeControls } from '../core/escape-controls.js';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface RequestLogLine {
  method: string;
  /** As the journal shows it (a long path already cut). */
  path: string;
  status: number;
  ms: number;
  key: string | null;
  session: string | undefined;
}

export interface Logger {
  readonly level: LogLevel;
  request(line: RequestLogLine): void;
  info(message: string): void;
  error(message: string): void;
  /** Writes what is buffered. */
  flush(): void;
}

const LEVELS: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

/**
 * One concise line per request, buffered and written on the next tick of a short timer as one
 * write, so logging never sits on the hot path (a terminal stdout write is synchronous).
 */
export function createLogger(level: LogLevel, out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr, now: () => Date = () => new Date(systemClock.now())): Logger {
  let buffer: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  const color = (out as { isTTY?: boolean }).isTTY === true && !process.env.NO_COLOR;
  const paint = (status: number, text: string) => {
    if (!color) return text;
    const code = status >= 500 ? 31 : status >= 400 ? 33 : status >= 300 ? 36 : 32;
    return `\x1b[${code}m${text}\x1b[0m`;
  };
  const flush = () => {
    timer = undefined;
    if (buffer.length === 0) return;
    const text = buffer.join('');
    buffer = [];
    out.write(text);
  };
  return {
    level,
    request(line) {
      if (LEVELS[level] < LEVELS.info) return;
      const time = now().toISOString().slice(11, 23);
      // Request text is escaped: a key sent as "\x9b2J..." must not clear the terminal.
      const who = line.key ? ` key=${escapeControls(line.key)}` : '';
      const session = line.session ? ` session=${escapeControls(line.session.slice(0, 40))}` : '';
      buffer.push(`${time} ${line.method.padEnd(6)} ${escapeControls(line.path)} ${paint(line.status, String(line.status))} ${line.ms.toFixed(1)}ms${who}${session}\n`);
      if (buffer.length >= 512) flush();
      else timer ??= setTimeout(flush, 50).unref();
    },
    info(message) {
      if (LEVELS[level] >= LEVELS.info) out.write(`${message}\n`);
    },
    error(message) {
      if (LEVELS[level] >= LEVELS.error) err.write(`${escapeControls(message, true)}\n`);
    },
    flush,
  };
}
