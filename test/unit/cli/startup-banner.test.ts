import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupBanner } from '../../../src/cli/startup-banner.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';

const DIR = fileURLToPath(new URL('../../fixtures/documents/nasa-apod/', import.meta.url));
const FILE = DIR + readdirSync(DIR).find((f) => /^(openapi|swagger)\.(ya?ml|json)$/.test(f))!;

describe('the start-up banner', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ specFile: FILE, quiet: true });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("suggests a first request that works: the key where that operation's own security wants it (NASA APOD: api_key in the query)", async () => {
    const line = startupBanner(mock, 1).split('\n').find((l) => l.trim().startsWith('curl'))!;
    expect(line).toMatch(/api_key=demo-pro/);
    const url = /'([^']+)'/.exec(line)![1]!;
    expect((await fetch(url)).status).toBe(200);
  });
});
