/**
 * `petstore-kit mock --state FILE` through the built CLI (`npm run build` first): the default
 * session starts from the snapshot; a bad file stops the start with exit 2, naming file and reason.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { startMock } from '../../src/http/start-mock.js';
import type { Snapshot } from '../../src/mock/snapshot/snapshot-format.js';
import { runCli, startMockProcess } from '../helpers/mock-processes.js';

let dir: string;
let fixture: Snapshot;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-state-'));
  // A fixture as QA makes one: a session's export, then edited by hand.
  const mock = await startMock({ clock: new ManualClock(Date.parse('2026-11-22T10:00:00Z')) });
  try {
    await mock.admin.setClock('2027-01-15T12:00:00Z');
    fixture = await mock.admin.snapshot();
  } finally {
    await mock.close();
  }
  const pets = (fixture.packs.petstore as { pets: { name: string }[] }).pets;
  pets[0]!.name = 'Fixture Fido';
  fixture.keys = [{ key: 'qa-fixture-key', plan: 'Free', perMinute: 60, perDay: 1000, scope: 'read-write' }];
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const runToExit = (args: string[]) => runCli(['mock', '--port', '0', ...args]);

describe('petstore-kit mock --state FILE', () => {
  it('starts the default session from the snapshot: records, clock and keys', async () => {
    const file = join(dir, 'fixture.json');
    await writeFile(file, JSON.stringify(fixture, null, 2));
    const mock = await startMockProcess(['--state', file]);
    try {
      const headers = { 'X-API-Key': 'qa-fixture-key' };
      const pets = await (await fetch(`${mock.url}/pets?name=Fixture`, { headers })).json();
      expect(pets).toEqual([expect.objectContaining({ name: 'Fixture Fido' })]);
      expect(await (await fetch(`${mock.url}/__admin/clock`)).json()).toEqual({ now: '2027-01-15T12:00:00.000Z', frozen: true });
      // Other sessions start from the seed data, as without --state.
      const other = await (await fetch(`${mock.url}/pets?name=Fixture`, { headers: { ...headers, 'X-Mock-Session': 'other' } })).json();
      expect(other).toEqual([]);
    } finally {
      await mock.stop();
    }
  });

  const bad: [string, () => string, RegExp][] = [
    ['not JSON', () => '{"format": "petstore-kit-snapshot",', /is not valid JSON/],
    ['another version', () => JSON.stringify({ ...fixture, version: 9 }), /\/version: version 9 is not one this mock reads/],
    ['a record failing its schema', () => {
      const edited = structuredClone(fixture);
      (edited.packs.petstore as { pets: { status: string }[] }).pets[3]!.status = 'lost';
      return JSON.stringify(edited);
    }, /\/packs\/petstore\/pets\/3\/status: must be one of/],
  ];
  for (const [what, text, reason] of bad) {
    it(`exits 2 before listening, naming the file and the reason: ${what}`, async () => {
      const file = join(dir, `bad-${what.replace(/\W+/g, '-')}.json`);
      await writeFile(file, text());
      const run = await runToExit(['--state', file]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${file}: not a usable snapshot, the mock did not start`);
      expect(run.stderr).toMatch(reason);
      expect(run.stdout).not.toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    });
  }

  it('exits 2 naming a file that does not exist', async () => {
    const file = join(dir, 'missing.json');
    const run = await runToExit(['--state', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${file}: not a usable snapshot, the mock did not start`);
    expect(run.stderr).toContain('cannot be read (ENOENT)');
  });
});
