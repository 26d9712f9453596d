import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContract } from '../helpers/contract-cli.js';
import { startLoopbackTodo, type TodoServer } from './loopback-todo-server.js';

// Issue 21, "Done when": the runner tried as a new user would on a second real server nobody here
// wrote, LoopBack 4's tutorial app @loopback/example-todo 6.0.0, with the OpenAPI document the app
// serves itself at /openapi.json (saved to a file, as `--spec` takes one). The server holds the
// package's four todos and three more made before the run: someone else's records. Every failure
// the runs report was replayed by hand with curl on a fresh server; the test replays each too.

interface Problem { check: string; operationId: string; location: string; request: { method: string; url: string; status: number } }
interface Report { problems: Problem[]; totals: { cases: number; failed: number; errors: number; skipped: number } }
interface Run { code: number | null; stdout: string; report: Report }

const json = { 'content-type': 'application/json' };
const OTHERS = [
  { title: 'Water the plants', desc: "someone else's", isComplete: false },
  { title: 'Call the bank', desc: 'before Friday', tag: { colour: 'red' } },
  { title: 'Buy stamps', isComplete: true, remindAtGeo: '51.5,-0.12' },
];
let server: TodoServer;
let out: string;
let before: Map<string, string>;
let defaults: Run;
let all: Run;

/** What a client reads of the records held before the run: the list, the count, and each record, as text. */
async function readRecords(ids: number[]): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const path of ['/todos', '/todos/count', ...ids.map((id) => `/todos/${id}`)]) seen.set(path, await (await fetch(`${server.url}${path}`)).text());
  return seen;
}

async function contract(name: string, extra: string[]): Promise<Run> {
  const dir = join(out, name);
  const { code, stdout } = await runContract(['--spec', join(out, 'openapi.json'), '--base-url', server.url, '--seed', '1', '--reporter', 'console', '--reporter', 'json', '--out', dir, ...extra]);
  return { code, stdout, report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report };
}

const problemsOf = (run: Run) => run.report.problems.map((p) => `${p.check} ${p.operationId} ${p.request.method} -> ${p.request.status}`).sort();

/** The first line of the console's closing summary, after the progress lines and the blank line. */
function summaryHead(stdout: string): string {
  const lines = stdout.split('\n');
  const lastProgress = lines.map((line) => /^\[\s*\d+\/\d+\]/.test(line)).lastIndexOf(true);
  return lines.slice(lastProgress + 1).find((line) => line.trim() !== '') ?? '';
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'realserver-'));
  server = await startLoopbackTodo();
  writeFileSync(join(out, 'openapi.json'), await (await fetch(`${server.url}/openapi.json`)).text());
  const ids = [1, 2, 3, 4];
  for (const todo of OTHERS) ids.push(((await (await fetch(`${server.url}/todos`, { method: 'POST', headers: json, body: JSON.stringify(todo) })).json()) as { id: number }).id);
  before = await readRecords(ids);
  defaults = await contract('defaults', []);
  all = await contract('all', ['--phases', 'examples,negative,boundary,stateful,fuzz']);
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('the runner against LoopBack 4 example-todo, a server we did not write', () => {
  it('finishes both runs, and leaves the records it found as they were, byte for byte', async () => {
    for (const run of [defaults, all]) {
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^Result +FAILED$/m);
      expect(run.report.totals.errors).toBe(0);
    }
    expect(before.get('/todos')).toContain('Water the plants');
    const ids = [...before.keys()].filter((path) => /^\/todos\/\d+$/.test(path)).map((path) => Number(path.slice('/todos/'.length)));
    expect(ids).toHaveLength(7);
    expect(await readRecords(ids)).toEqual(before);
  });

  it('skip what could change those records (PATCH /todos with a where filter), and say why', () => {
    for (const run of [defaults, all]) expect(run.stdout).toMatch(/\d+ x not sent: could change records this run did not create \(--allow-destructive sends it\)/);
  });

  it('lead the report with the grouped problems, on the console and in report.json', () => {
    expect(summaryHead(defaults.stdout)).toBe('Problems (1), in 1 failed case');
    expect(summaryHead(all.stdout)).toBe('Problems (4), in 4 failed cases');
    expect(Object.keys(all.report)).toContain('problems');
  });

  it('report with the default phases only what is true: POST on an item path answers 404, not 405', async () => {
    expect(problemsOf(defaults)).toEqual(['unsupported_method TodoController.findById POST -> 404']);
    // curl -i -X POST $URL/todos/8 -> 404 {"error":{"statusCode":404,"name":"NotFoundError","message":"Endpoint \"POST /todos/8\" not found."}}
    const own = ((await (await fetch(`${server.url}/todos`, { method: 'POST', headers: json, body: '{"title":"mine"}' })).json()) as { id: number }).id;
    const post = await fetch(`${server.url}/todos/${own}`, { method: 'POST', headers: json, body: '{}' });
    expect([post.status, post.headers.get('allow')]).toEqual([404, null]);
    expect((await fetch(`${server.url}/todos/${own}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('report with all phases only what is true: an empty title refused with an undocumented 422, a PUT changing the id with an undocumented 400', async () => {
    expect(problemsOf(all)).toEqual([
      'positive_data_acceptance TodoController.create POST -> 422',
      'status_code_conformance TodoController.create POST -> 422',
      'status_code_conformance TodoController.replaceById PUT -> 400',
      'unsupported_method TodoController.findById POST -> 404',
    ]);
    // NewTodo's title is `type: string`, required, no minLength; the create documents 200 only.
    // curl -i -X POST $URL/todos -H 'content-type: application/json' -d '{"title":""}' -> 422 "`title` can't be blank"
    const blank = await fetch(`${server.url}/todos`, { method: 'POST', headers: json, body: '{"title":""}' });
    expect([blank.status, await blank.text()]).toEqual([422, expect.stringContaining("can't be blank")]);
    // The PUT body is a Todo, whose id is any number; replaceById documents 204 only.
    // curl -i -X PUT $URL/todos/9 -H 'content-type: application/json' -d '{"id":1009,"title":"x"}' -> 400 "id property (id) cannot be updated from 9 to 1009"
    const own = ((await (await fetch(`${server.url}/todos`, { method: 'POST', headers: json, body: '{"title":"mine"}' })).json()) as { id: number }).id;
    const put = await fetch(`${server.url}/todos/${own}`, { method: 'PUT', headers: json, body: JSON.stringify({ id: own + 1000, title: 'x' }) });
    expect([put.status, await put.text()]).toEqual([400, expect.stringContaining('cannot be updated')]);
    expect((await fetch(`${server.url}/todos/${own}`, { method: 'DELETE' })).status).toBe(204);
  });
});
