/**
 * Where a document's `$ref`s may lead (INTERFACE section 15, decision 063). By default a `$ref` to
 * a local file is resolved relative to the file that holds it, wherever that is, as Prism and
 * Redocly do; `refRoot` confines every file read to one folder (for documents the user does not
 * trust); a remote `http(s):` `$ref` is refused unless `allowRemoteRefs`.
 */
export interface RefOptions {
  /** Only files inside this folder (symbolic links followed) may be read; the entry file's own folder is not implied. */
  refRoot?: string;
  /** Fetch `http:`/`https:` `$ref`s (bounded in size and time) instead of refusing them. */
  allowRemoteRefs?: boolean;
}
