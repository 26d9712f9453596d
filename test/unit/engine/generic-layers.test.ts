import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHAPES } from '../../../src/packs/petstore/operation-shapes.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
/** The generic layers: they serve any document, so they name nothing of the Petstore's. */
const GENERIC = ['src/engine', 'src/mock', 'src/store', 'src/generation'];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('the generic layers name no Petstore operation, schema or field', () => {
  it('mentions none of the Petstore operationIds, schema names, resources or id fields', async () => {
    const { loaded } = await petstoreDocument();
    // Identifiers as written (an operationId, a schema name); words in any case ("the order of checks" is fine, "orders" is not).
    const identifiers = [...Object.keys(SHAPES), ...Object.keys(loaded.document.components?.schemas ?? {}).filter((n) => n !== 'Error' && n !== 'Id')];
    const words = ['pets?', 'categor(y|ies)', 'orders', 'inventory', 'stock', 'petId', 'categoryId', 'orderId'];
    const patterns = [new RegExp(`\\b(${identifiers.join('|')})\\b`), new RegExp(`\\b(${words.join('|')})\\b`, 'i')];
    const names = [...identifiers, ...words];
    const found: string[] = [];
    for (const file of GENERIC.flatMap(files)) {
      readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, i) => {
        for (const pattern of patterns) {
          const hit = pattern.exec(line);
          if (hit) found.push(`${file}:${i + 1}: ${hit[0]}`);
        }
      });
    }
    expect(names.length).toBeGreaterThan(25);
    expect(found).toEqual([]);
  });
});
