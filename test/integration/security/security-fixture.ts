import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock, type StartMockOptions } from '../../../src/http/start-mock.js';
import { T0 } from '../../helpers/mock-harness.js';
import { SPEC_FILE } from '../../helpers/petstore-document.js';

interface SecurityOverlay {
  securitySchemes: Record<string, unknown>;
  security: unknown[];
  operations: Record<string, unknown[]>;
}

/**
 * Writes spec/petstore.yaml with the security of `test/fixtures/security/NAME.yaml` to a temporary
 * file and returns its path. The copy is made at run time so the fixture keeps only what it
 * changes and follows the bundled document as it grows.
 */
export async function securityFixture(name: string): Promise<string> {
  const overlay = yaml.load(await readFile(new URL(`../../fixtures/security/${name}.yaml`, import.meta.url), 'utf8')) as SecurityOverlay;
  const document = yaml.load(await readFile(SPEC_FILE, 'utf8')) as { security?: unknown; components: { securitySchemes?: unknown }; paths: Record<string, Record<string, { operationId?: string; security?: unknown }>> };
  document.components.securitySchemes = overlay.securitySchemes;
  document.security = overlay.security;
  const unused = new Set(Object.keys(overlay.operations));
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const security = operation.operationId ? overlay.operations[operation.operationId] : undefined;
      if (!security) continue;
      operation.security = security;
      unused.delete(operation.operationId!);
    }
  }
  if (unused.size > 0) throw new Error(`${name}.yaml names operations the Petstore document lacks: ${[...unused].join(', ')}`);
  const dir = await mkdtemp(join(tmpdir(), 'petstore-security-'));
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, yaml.dump(document));
  return file;
}

export interface Answer {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: any;
}

export interface SecurityMock extends RunningMock {
  clock: ManualClock;
  request(method: string, path: string, headers?: Record<string, string>, body?: unknown): Promise<Answer>;
}

/** A real mock on an ephemeral port serving fixture NAME, started before the file's tests, closed (and its copy removed) after. */
export function useSecurityMock(name: string, options: StartMockOptions = {}): SecurityMock {
  const handle = {} as SecurityMock;
  let file: string | undefined;
  beforeAll(async () => {
    file = await securityFixture(name);
    const clock = new ManualClock(T0);
    const mock = await startMock({ specFile: file, clock, quiet: true, ...options });
    const request = async (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> => {
      const sent = body === undefined ? headers : { 'Content-Type': 'application/json', ...headers };
      const res = await fetch(mock.url + path, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, headers: Object.fromEntries(res.headers), body: text ? JSON.parse(text) : undefined };
    };
    Object.assign(handle, mock, { clock, request });
  });
  // Requests without an accepted credential are counted per client address across sessions (issue
  // 15 item 7): a fresh session is not a fresh budget, so every test starts from a full reset.
  beforeEach(async () => {
    await handle.admin.reset();
  });
  afterAll(async () => {
    await handle.close?.();
    if (file) await rm(dirname(file), { recursive: true, force: true });
  });
  return handle;
}
