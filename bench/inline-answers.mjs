// A document without shared schemas, as many converted ones are: every answer writes its schema
// inline (the same shape again and again), with its example; start-up checks each example
// against its schema, and before decision 102 compiled one schema per answer (issue 27).
//   node bench/inline-answers.mjs [--operations 300] [--builds DIR,DIR...] [--runs 3]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median } from './processes.mjs';
import { startOnce } from './startup.mjs';

const error = () => ({ type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer', format: 'int32' }, message: { type: 'string' }, details: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, reason: { type: 'string' } } } } } });
const record = () => ({
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string', maxLength: 100 },
    status: { type: 'string', enum: ['active', 'suspended', 'closed'] },
    amount: { type: 'number', minimum: 0 },
    created: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' } },
    owner: { type: 'object', properties: { email: { type: 'string', format: 'email' }, phone: { type: 'string', pattern: '^\\+?[0-9 ]{6,20}$' } } },
  },
});

/** Writes `inline.json` into `dir`: `operations` GETs, each with its own inline answer and error schemas and examples. */
export function writeInlineDocument(dir, { operations = 300 } = {}) {
  const paths = {};
  for (let i = 0; i < operations; i++) {
    const example = { id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', name: `thing ${i}`, status: 'active', amount: 10.5, created: '2026-01-02T03:04:05Z', tags: ['a-1'] };
    paths[`/things${i}/{id}`] = {
      get: {
        operationId: `getThing${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          200: { description: 'the thing', content: { 'application/json': { schema: record(), example } } },
          404: { description: 'none', content: { 'application/json': { schema: error(), example: { code: 404, message: 'no such thing' } } } },
          default: { description: 'error', content: { 'application/json': { schema: error(), example: { code: 500, message: 'oops' } } } },
        },
      },
    };
  }
  const file = join(dir, 'inline.json');
  writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'inline answers', version: '1' }, paths }));
  return file;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const builds = (flag('--builds') ?? fileURLToPath(new URL('..', import.meta.url))).split(',');
  const runs = Number(flag('--runs', 3));
  const dir = mkdtempSync(join(tmpdir(), 'inline-answers-'));
  try {
    const file = writeInlineDocument(dir, { operations: Number(flag('--operations', 300)) });
    const rows = builds.map((build) => ({ build, starts: [] }));
    for (let r = 0; r < runs; r++) for (const row of rows) row.starts.push(await startOnce(file, row.build));
    for (const { build, starts } of rows) {
      const ok = starts.filter(Boolean);
      console.log(`${build}: inline-answers start-up (median of ${ok.length}): ${Math.round(median(ok.map((s) => s.wallMs)))} ms wall, CPU ${Math.round(median(ok.map((s) => s.cpuMs ?? 0)))} ms`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
