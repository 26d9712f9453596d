/** The document cannot be used: unreadable, not YAML/JSON, not OpenAPI 3.0, or inconsistent. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(`${file}: ${message}${problems.length ? '\n  - ' + problems.join('\n  - ') : ''}`);
    this.name = 'SpecError';
  }
}

/** A library's message cut to a readable length (some quote a whole JSON path, thousands of characters). */
export function briefly(error: unknown, max = 300): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > max ? `${message.slice(0, max)}…` : message;
}
