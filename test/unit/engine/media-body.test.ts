import { describe, expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { encodeBody } from '../../../src/engine/media-body.js';
import type { Schema } from '../../../src/spec/openapi.js';

const faker = createFaker(1);
const PET = {
  type: 'object',
  xml: { name: 'Pet' },
  properties: {
    id: { type: 'integer' },
    photoUrls: { type: 'array', xml: { name: 'photoUrl', wrapped: true }, items: { type: 'string' } },
    tags: { type: 'array', items: { type: 'object', xml: { name: 'Tag' }, properties: { name: { type: 'string' } } } },
  },
} as unknown as Schema;

describe('encodeBody as XML', () => {
  it('names elements as the schema\'s XML Object says: root name, wrapped arrays, item names', () => {
    const { body, contentType } = encodeBody({ id: 1, photoUrls: ['a', 'b'], tags: [{ name: 'x' }] }, 'application/xml', faker, PET);
    expect(contentType).toBe('application/xml');
    expect(body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<Pet><id>1</id><photoUrl><photoUrls>a</photoUrls><photoUrls>b</photoUrls></photoUrl><Tag><name>x</name></Tag></Pet>');
  });

  it('without a schema: a root element, properties by name, array items as item, text escaped', () => {
    const { body } = encodeBody([{ 'a b': '<&>' }], 'text/xml', faker);
    expect(body).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<root><item><a_b>&#60;&#38;&#62;</a_b></item></root>');
  });
});
