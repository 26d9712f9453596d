/**
 * The stateful phase's list audits on a list that answers an envelope (`{data: [...], total}`) and
 * pages by `page`/`per_page` without `Link` (counting all records in `X-Total-Count`), against a small real server: records are found in the
 * envelope, a deleted one still listed is caught, and a list longer than the walk could see (a
 * staging server with many records) raises no false alarm.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed } from '../../helpers/contract-mock.js';

const SPEC = new URL('../../fixtures/envelope-notes/openapi.yaml', import.meta.url).pathname;

interface Note { id: number; text: string; color: string }

/** A notes server; `seeded` notes at start; `keepDeleted`: DELETE answers 204 but the list keeps the note (a defect). */
function notesServer(seeded: number, keepDeleted = false): Server {
  const notes = new Map<number, Note>();
  const listed = new Map<number, Note>();
  let next = 1;
  const add = (text: string, color: string) => {
    const note = { id: next++, text, color };
    notes.set(note.id, note);
    listed.set(note.id, note);
    return note;
  };
  for (let i = 0; i < seeded; i++) add(`seed ${i}`, i % 2 ? 'red' : 'blue');
  const send = (res: import('node:http').ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) =>
    body === undefined ? res.writeHead(status).end() : res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
  return createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const item = /^\/notes\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/notes') {
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const size = Math.min(10, Math.max(1, Number(url.searchParams.get('per_page') ?? 10)));
      const color = url.searchParams.get('color');
      const all = [...listed.values()].filter((n) => !color || n.color === color);
      return send(res, 200, { data: all.slice((page - 1) * size, page * size), total: all.length }, { 'x-total-count': String(all.length) });
    }
    if (req.method === 'POST' && url.pathname === '/notes') {
      let text = '';
      for await (const chunk of req) text += chunk;
      let body: Partial<Note>;
      try {
        body = JSON.parse(text) as Partial<Note>;
      } catch {
        return send(res, 400, { message: 'not JSON' });
      }
      const keys = Object.keys(body ?? {});
      const valid = typeof body?.text === 'string' && body.text.length >= 1 && body.text.length <= 50 && (body.color === 'red' || body.color === 'blue') && keys.every((k) => k === 'text' || k === 'color');
      return valid ? send(res, 201, add(body.text!, body.color!)) : send(res, 400, { message: 'invalid note' });
    }
    if (item) {
      const id = Number(item[1]);
      const note = notes.get(id);
      if (!note) return send(res, 404, { message: 'no such note' });
      if (req.method === 'GET') return send(res, 200, note);
      if (req.method === 'DELETE') {
        notes.delete(id);
        if (!keepDeleted) listed.delete(id);
        return send(res, 204);
      }
    }
    return send(res, 404, { message: 'not found' });
  });
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function stateful(target: Server, seed: number) {
  server = target;
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  return runContract({ spec: SPEC, baseUrl: url, phases: ['stateful'], seed, maxExamples: 10 });
}

describe('list audits on an envelope list paged without Link', () => {
  it('pass a correct server whose list fits in one page', async () => {
    const summary = await stateful(notesServer(0), 1);
    expect(notPassed(summary)).toEqual([]);
    expect(summary.cases.filter((c) => c.status === 'passed').length).toBeGreaterThan(0);
  });

  it('raise no false alarm when the list is longer than the walk can see (new records on a later page)', async () => {
    const summary = await stateful(notesServer(60), 2);
    expect(notPassed(summary)).toEqual([]);
  });

  it('catch a deleted record still listed, read from the envelope', async () => {
    const summary = await stateful(notesServer(0, true), 1);
    const failures = notPassed(summary).flatMap((c) => c.failures);
    expect(failures.some((f) => f.startsWith('state-deleted-listed: note '))).toBe(true);
  });
});
