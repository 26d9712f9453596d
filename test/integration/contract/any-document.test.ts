import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseDocumentText } from '../../../src/spec/parse-document-text.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runContractCli } from '../../../src/cli/contract-command.js';
import type { RunSummary } from '../../../src/contract/events.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { failedChecks, notPassed } from '../../helpers/contract-mock.js';
import { NOTES_DOCUMENT, NOTES_TOKEN, startNotesServer, type NotesServer } from '../../helpers/notes-server.js';
import { WRONG_CREDENTIAL } from '../../../src/contract/checks/ignored-auth-credential.js';

let server: NotesServer;
let out: string;
beforeAll(async () => {
  server = await startNotesServer();
  out = await mkdtemp(join(tmpdir(), 'any-document-'));
});
afterAll(async () => {
  await server?.close();
  await rm(out, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
});

const run = (target: NotesServer, extra: Record<string, unknown> = {}) => runContract({ baseUrl: target.url, apiKey: NOTES_TOKEN, spec: NOTES_DOCUMENT, ...extra });
const exchangesOf = (summary: RunSummary, id: string) => summary.cases.find((c) => c.id === id)!.exchanges.map((x) => `${x.request.method} ${new URL(x.request.url).pathname} ${x.response.status}`);

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let outText = '';
  let errText = '';
  stdout.on('data', (chunk: Buffer) => (outText += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  // The skipping tests pin the case lists of the examples and negative phases; boundary cases
  // have their own tests (and the first test above runs the default phases whole).
  const code = await runContractCli(['--spec', NOTES_DOCUMENT, '--base-url', server.url, '--phases', 'examples,negative', ...argv], { stdout, stderr, deps: { sleep: async () => {} } });
  return { code, stdout: outText, stderr: errText };
}

const NO_KEY = ['createNote', 'readNote', 'removeNote', 'addComment', 'readComment', 'removeComment'].map((op) => `${op}/negative/no-key`);

describe('the runner against a correct server of another document (Notes API: bearer, links, uuid keys, nested comments)', () => {
  it('passes every case with no false alarm, and leaves the server as it found it', async () => {
    const summary = await run(server);
    expect(notPassed(summary)).toEqual([]);
    // The default phases, boundary included: 28 cases of examples and negatives, 16 boundary ones,
    // an undocumented method on each of the 5 paths; the DELETEs of unknown ids and the POST to
    // /health are not sent without --allow-destructive. Decision 069 adds the Unicode boundary values
    // of the strings (emoji at maxLength, a Unicode and a metacharacter phrase) and the list walk;
    // ignored_auth a wrong bearer token, once (the document has one security requirement).
    expect(summary.totals).toMatchObject({ cases: 57, passed: 54, failed: 0, errors: 0, skipped: 3 });
    expect(summary.cases.filter((c) => c.status === 'skipped').map((c) => [c.method, c.reason])).toEqual([
      ['GET', 'not sent: could change records this run did not create (--allow-destructive sends it)'],
      ['DELETE', 'not sent: could change records this run did not create (--allow-destructive sends it)'],
      ['DELETE', 'not sent: could change records this run did not create (--allow-destructive sends it)'],
    ]);
    expect([server.notes.size, server.comments.size]).toEqual([0, 0]);
  });

  it('creates a note before its comment, reads the comment through its Location, and deletes the comment before the note', async () => {
    const summary = await run(server, { operations: ['addComment'] });
    expect(exchangesOf(summary, 'addComment/positive/example:example').map((x) => x.replace(/[0-9a-f-]{36}/, 'K'))).toEqual([
      'POST /notes 201',
      'POST /notes/K/comments 201',
      expect.stringMatching(/^GET \/notes\/K\/comments\/\d+ 200$/),
      expect.stringMatching(/^DELETE \/notes\/K\/comments\/\d+ 204$/),
      'DELETE /notes/K 204',
    ]);
  });

  it('reads the key for GET /notes/{noteKey} from the create answer, as the document links say', async () => {
    const summary = await run(server, { operations: ['readNote'] });
    const read = summary.cases.find((c) => c.id === 'readNote/positive/plain')!;
    expect(exchangesOf(summary, 'readNote/positive/plain')).toEqual(['POST /notes 201', expect.stringMatching(/^GET \/notes\/[0-9a-f-]{36} 200$/), expect.stringMatching(/^DELETE \/notes\/[0-9a-f-]{36} 204$/)]);
    const created = read.exchanges[0]!.response.body as { key: string };
    expect(new URL(read.exchanges[1]!.request.url).pathname).toBe(`/notes/${created.key}`);
  });

  it('sends the key as the bearer token, none to the public operation, and never shows the token in the report', async () => {
    const summary = await run(server);
    const health = server.requests.filter((r) => r.path === '/health');
    const notes = server.requests.filter((r) => r.path.startsWith('/notes'));
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((r) => r.authorization === undefined)).toBe(true);
    expect(notes.filter((r) => r.authorization === `Bearer ${NOTES_TOKEN}`).length).toBe(notes.length - NO_KEY.length - 1);
    expect(notes.filter((r) => r.authorization === `Bearer ${WRONG_CREDENTIAL}`).map((r) => r.method)).toEqual(['GET']);
    expect(JSON.stringify(summary)).not.toContain(NOTES_TOKEN);
    expect(summary.cases.map((c) => c.id).filter((id) => id.endsWith('no-key'))).toEqual(NO_KEY);
  });

  it('still finds a real defect on that document', async () => {
    const broken = await startNotesServer({ defect: 'auth-not-enforced' });
    try {
      const summary = await run(broken);
      expect(failedChecks(summary)).toEqual(['ignored_auth']);
      expect(summary.cases.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual([...NO_KEY.slice(0, 2), 'readNote/negative/wrong-key', ...NO_KEY.slice(2)]);
    } finally {
      await broken.close();
    }
  });
});

describe('cases that cannot be set up are skipped, counted in every report, and never stop the run', () => {
  it('skips what needs a prerequisite the document lacks, and exits 0', async () => {
    const file = join(out, 'notes.prerequisites.json');
    await writeFile(file, JSON.stringify({ prerequisites: [{ operation: 'createNote', needs: 'reserveQuota', why: 'a note takes quota' }] }));
    const dir = join(out, 'prereq');
    // --allow-destructive: this test is about the prerequisites' skips, not the unknown-id DELETEs.
    const { code, stdout } = await cli(['--api-key', NOTES_TOKEN, '--prerequisites', file, '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', dir, '--allow-destructive']);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunSummary;
    const skipped = report.cases.filter((c) => c.status === 'skipped');
    // Everything that needs a note is skipped, no-key cases included (they ask about a real note).
    expect(report.cases.filter((c) => c.status === 'passed').map((c) => c.id)).toEqual([
      'health/positive/plain',
      'health/negative/unsupported-method:post',
      'createNote/negative/no-key',
      'createNote/negative/bad-body:missing-title',
      'createNote/negative/bad-body:wrong-type-title',
      'createNote/negative/bad-body:extra-field',
      'createNote/negative/unsupported-method:get',
      'readNote/negative/unknown-id',
      'removeNote/negative/unknown-id',
      'addComment/negative/unknown-id',
    ]);
    expect(skipped.map((c) => c.id).slice(0, 3)).toEqual(['createNote/positive/example:example', 'createNote/state/created-reads-back', 'readNote/positive/plain']);
    expect(skipped[0]!.reason).toBe(`createNote needs reserveQuota first (a note takes quota; ${file}), which the document does not define`);
    expect(skipped[2]!.reason).toMatch(/^cannot create the note it needs: createNote needs reserveQuota first/);
    // 21 (the wrong-key case reads a note too), and the undocumented methods on the three paths under a note.
    expect(report.totals).toMatchObject({ skipped: 24, failed: 0, errors: 0, passed: 10 });
    expect(stdout).toContain('Skipped (24)');
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junit.match(/<skipped message="[^"]*reserveQuota/g)).toHaveLength(24);
    expect(junit).toMatch(/<testsuites [^>]*skipped="24"/);
    const html = await readFile(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('Skipped: createNote needs reserveQuota first');
  });

  it('skips what needs a credential the run was not given (basic only, the document wants bearer)', async () => {
    const { code, stdout } = await cli(['--auth-basic', 'someone:secret', '--reporter', 'json', '--out', join(out, 'basic')]);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(out, 'basic', 'report.json'), 'utf8')) as RunSummary;
    const passed = report.cases.filter((c) => c.status === 'passed').map((c) => c.id);
    expect(passed).toEqual(['health/positive/plain', 'createNote/negative/no-key']);
    // 27 (a wrong bearer token is sent only where the real one could be), and the 5 unsupported-method cases (one a path), which need the bearer token too.
    expect(report.totals).toMatchObject({ passed: 2, skipped: 32, failed: 0, errors: 0 });
    expect(report.cases.find((c) => c.id === 'createNote/positive/example:example')!.reason).toBe(
      'cannot make the request (createNote): it needs bearerAuth (http bearer), and the run was given no such credential (--api-key, --auth-basic, or a credential --header)',
    );
    expect(stdout).toBe('');
  });

  it('keeps exit 2 for a run that cannot be made: an unreadable prerequisites file', async () => {
    const { code, stderr } = await cli(['--api-key', NOTES_TOKEN, '--prerequisites', join(out, 'absent.json')]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--prerequisites .*absent\.json: cannot be read \(ENOENT\)/);
  });

  it('refuses a run without any credential when the document asks for one (exit 2, nothing sent)', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toContain('--api-key is required: the document asks for credentials');
    expect(server.requests).toHaveLength(0);
  });

  it('runs without any credential when the document asks for none', async () => {
    const open = join(out, 'open-notes.json');
    const document = parseDocumentText(NOTES_DOCUMENT, await readFile(NOTES_DOCUMENT, 'utf8')) as Record<string, any>;
    delete document.security;
    for (const item of Object.values(document.paths as Record<string, Record<string, { security?: unknown }>>)) for (const op of Object.values(item)) delete op.security;
    delete document.components.securitySchemes;
    await writeFile(open, JSON.stringify(document));
    const open_ = await startNotesServer({ defect: 'auth-not-enforced' });
    try {
      const summary = await runContract({ baseUrl: open_.url, spec: open, phases: ['examples'], reporters: [] });
      expect(notPassed(summary)).toEqual([]);
      expect(summary.totals.cases).toBeGreaterThan(5);
      expect(open_.requests.length).toBeGreaterThan(5);
      expect(open_.requests.every((r) => r.authorization === undefined)).toBe(true);
    } finally {
      await open_.close();
    }
  });
});
