import { escapeUnsafe } from './unsafe-chars.js';

/** ANSI styling for the console report, switched off entirely when colour is not wanted. */
export interface TerminalStyle {
  readonly enabled: boolean;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function createTerminalStyle(enabled: boolean): TerminalStyle {
  if (!enabled) {
    const plain = (text: string) => text;
    return { enabled, green: plain, red: plain, yellow: plain, dim: plain, bold: plain };
  }
  return { enabled, green: wrap(32, 39), red: wrap(31, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/**
 * Colour only for a terminal, and never when NO_COLOR is set to a non-empty value
 * (https://no-color.org).
 */
export function wantsColor(stream: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  return (stream as NodeJS.WritableStream & { isTTY?: boolean }).isTTY === true;
}

/** Visible length of a string, ignoring ANSI escapes. */
export function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001b\[[0-9;]*m/g, '')].length;
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleLength(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - visibleLength(text))) + text;
}

/**
 * Control characters from the target (a body, a header) shown as `\u001b` instead of being sent
 * to the terminal, where an escape sequence could rewrite the screen. Newlines and tabs stay.
 */
export function printable(text: string): string {
  return escapeUnsafe(text);
}
