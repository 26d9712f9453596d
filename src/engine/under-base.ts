/**
 * `Location` and `Link` name paths as the engine saw them, below the adapter's base (`/things/1`);
 * a client of an API mounted at `/api` (or asking under the document's server path) needs `/api/things/1`.
 */
export function underBase(headers: Record<string, string | number | string[]>, basePath: string): void {
  const location = headers.Location;
  if (typeof location === 'string' && location.startsWith('/')) headers.Location = basePath + location;
  const link = headers.Link;
  if (typeof link === 'string') headers.Link = link.replace(/<\//g, `<${basePath}/`);
}
