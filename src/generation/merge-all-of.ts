// The allOf merge lives in the document layer (src/spec/merge-all-of.ts), where the resource model reads it too.
export { assertNoRef, mergeAllOf, patternsOf, type MergedSchema } from '../spec/merge-all-of.js';
