import type { RefOptions } from '../spec/ref-options.js';

/** The flags of every command that loads a document (decision 063): parseArgs options, usage, values. */
export const REF_FLAG_OPTIONS = {
  'ref-root': { type: 'string' },
  'allow-remote-refs': { type: 'boolean' },
} as const;

export const REF_FLAGS_USAGE = `  --ref-root DIR              read the document's $ref'd files only inside DIR (for documents
                              you do not trust); without it a $ref is resolved relative to the
                              file that holds it, wherever that is
  --allow-remote-refs         fetch http(s) $refs (10 s and 64 MB at most each); without it
                              they are refused
`;

export function refOptionsFrom(values: { 'ref-root'?: string; 'allow-remote-refs'?: boolean }): RefOptions {
  return {
    ...(values['ref-root'] !== undefined && { refRoot: values['ref-root'] }),
    ...(values['allow-remote-refs'] === true && { allowRemoteRefs: true }),
  };
}
