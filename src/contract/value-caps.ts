/**
 * The largest values the runner builds (docs/decisions/052-bounded-values.md). A document may
 * say `maxItems: 2147483647` or `minLength: 100000000`; a value on such a bound is gigabytes, more
 * than any target takes in one request, and building it ends the run for lack of memory. Bounds
 * up to these are tested as written; past them, the boundary phase leaves the bound out and other
 * values are cut to the cap.
 */
export const MAX_BUILT_LENGTH = 16_384;
export const MAX_BUILT_ITEMS = 1_000;

/** A length or count to build, at most `cap`. */
export function capped(wanted: number, cap: number): number {
  return Math.min(Math.max(0, wanted), cap);
}
