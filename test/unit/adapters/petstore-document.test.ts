import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PETSTORE_DOCUMENT } from '../../../src/adapters/petstore-document.js';

describe('src/adapters/petstore-document.ts (the bundled document without a file system)', () => {
  it('is spec/petstore.yaml as parsed (run scripts/write-petstore-document.mjs after editing the YAML)', () => {
    const yamlDocument = yaml.load(readFileSync(new URL('../../../spec/petstore.yaml', import.meta.url), 'utf8'));
    expect(PETSTORE_DOCUMENT).toEqual(yamlDocument);
  });
});
