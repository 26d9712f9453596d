/** A percent-encoded URI component decoded; as given when it is malformed (`%E0%A4%A`), as servers mostly take it. */
export function decodedOrAsIs(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}
