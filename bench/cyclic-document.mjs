// A document whose answers all reach one cycle of schemas, as Xero's accounting document does
// (Invoice -> Contact -> Payment -> Invoice...), every answer with its example: start-up checks
// each example against its schema (decision 094).
//   node bench/cyclic-document.mjs DIR [--members 40] [--operations 150]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CURRENCIES = ['AUD', 'EUR', 'GBP', 'NZD', 'USD', 'CAD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'ZAR'];

/** Writes `cyclic.json` into `dir`: `members` schemas in one cycle, `operations` GETs answering lists of them. */
export function writeCyclicDocument(dir, { members = 40, operations = 150 } = {}) {
  const schemas = {};
  for (let i = 0; i < members; i++) {
    const next = `Member${(i + 1) % members}`;
    const other = `Member${(i * 7 + 3) % members}`;
    schemas[`Member${i}`] = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string', maxLength: 100 },
        status: { type: 'string', enum: ['DRAFT', 'SUBMITTED', 'AUTHORISED', 'PAID', 'VOIDED', 'DELETED'] },
        currency: { type: 'string', enum: CURRENCIES },
        amount: { type: 'number', format: 'double' },
        updated: { type: 'string', format: 'date-time' },
        address: { type: 'object', properties: { line1: { type: 'string' }, city: { type: 'string' }, postalCode: { type: 'string' }, country: { type: 'string' } } },
        next: { $ref: `#/components/schemas/${next}` },
        others: { type: 'array', items: { $ref: `#/components/schemas/${other}` } },
      },
    };
  }
  const paths = {};
  for (let i = 0; i < operations; i++) {
    const member = `Member${i % members}`;
    // The first operation's example breaks its schema (an amount in words): generated data is served for it.
    const example = { items: [{ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', name: `item ${i}`, status: 'PAID', currency: 'NZD', amount: i === 0 ? 'ten' : 10.5 }] };
    paths[`/things${i}`] = {
      get: {
        operationId: `listThings${i}`,
        responses: {
          200: {
            description: 'the things',
            content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: { $ref: `#/components/schemas/${member}` } } } }, example } },
          },
        },
      },
    };
  }
  const file = join(dir, 'cyclic.json');
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'One cycle', version: '1' }, paths, components: { schemas } }));
  return { file, members, operations };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, ...rest] = process.argv.slice(2);
  const flag = (name, fallback) => (rest.includes(name) ? Number(rest[rest.indexOf(name) + 1]) : fallback);
  console.log(writeCyclicDocument(dir ?? '.', { members: flag('--members', 40), operations: flag('--operations', 150) }).file);
}
