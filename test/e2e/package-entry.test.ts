import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe("import { startMock, runContract } from 'petstore-kit'", () => {
  it('works by package name from the built package: a mock on port 0, a contract run against it, close()', async () => {
    const script = `
      import { startMock, runContract } from 'petstore-kit';
      const mock = await startMock({ port: 0, seed: 3 });
      const res = await fetch(mock.url + '/categories/1', { headers: { 'X-API-Key': 'demo-pro' } });
      const summary = await runContract({ baseUrl: mock.url, apiKey: 'demo-enterprise', operations: ['getCategoryById'] });
      await mock.admin.reset();
      await mock.close();
      console.log(JSON.stringify({ url: mock.url, status: res.status, cases: summary.totals.cases, failed: summary.totals.failed }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.status).toBe(200);
    expect(out.cases).toBeGreaterThan(3);
    expect(out.failed).toBe(0);
  });
});

describe("import { createHandlers } from 'petstore-kit/msw' and { createMiddleware } from 'petstore-kit/express'", () => {
  it('work by package name from the built package: handlers spread into setupServer, the middleware under /api', async () => {
    const script = `
      import { createHandlers } from 'petstore-kit/msw';
      import { createMiddleware, petstoreMock } from 'petstore-kit/express';
      import { setupServer } from 'msw/node';
      import express from 'express';
      // Spread as MSW's own handler factories are; .handlers and .controls as well.
      const created$ = await createHandlers({ baseUrl: 'https://shop.test/api' });
      const { handlers, controls } = created$;
      const msw = setupServer(...created$);
      msw.listen({ onUnhandledRequest: 'bypass' });
      const created = await fetch('https://shop.test/api/pets', { method: 'POST', headers: { 'X-API-Key': 'demo-pro', 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ByName', categoryId: 1 }) });
      const pet = await created.json();
      const read = await (await fetch('https://shop.test/api/pets/' + pet.id, { headers: { 'X-API-Key': 'demo-pro' } })).json();
      controls.reset();
      const afterReset = (await fetch('https://shop.test/api/pets/' + pet.id, { headers: { 'X-API-Key': 'demo-pro' } })).status;
      msw.close();
      const app = express();
      const mock = createMiddleware();
      app.use('/api', mock);
      await mock.ready;
      const server = await new Promise((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
      const mounted = await fetch('http://127.0.0.1:' + server.address().port + '/api/categories/1', { headers: { 'X-API-Key': 'demo-pro' } });
      server.close();
      console.log(JSON.stringify({ created: created.status, name: read.name, afterReset, mounted: mounted.status, spread: [...created$].length === handlers.length, alias: petstoreMock === createMiddleware }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({ created: 201, name: 'ByName', afterReset: 404, mounted: 200, spread: true, alias: true });
  });
});
