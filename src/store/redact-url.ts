/** `redis://user:secret@host:6379/0` -> `redis://user:***@host:6379/0`: URLs are printed. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^@/]*)@/, '//***@');
  }
}
