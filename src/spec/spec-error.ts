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
