import { dirname, relative } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runMockCommand, startupProblem } from '../../../src/cli/mock-command.js';
import { startMock } from '../../../src/http/start-mock.js';
import { SPEC_FILE } from '../../helpers/petstore-document.js';
import { securityFixture } from './security-fixture.js';

function sink() {
  let text = '';
  const stream = new Writable({ write: (chunk, _encoding, done) => ((text += String(chunk)), done()) });
  return { stream, text: () => text };
}

async function problemOf(argv: string[]): Promise<string | undefined> {
  try {
    await runMockCommand(argv, sink().stream, sink().stream);
  } catch (error) {
    return startupProblem(error);
  }
  return undefined;
}

describe('petstore-kit mock --auth and --default-plan', () => {
  it('refuses an unknown mode or plan with the usage', async () => {
    expect(await problemOf(['--auth', 'everyone'])).toMatch(/^--auth must be one of known-keys, any-credential \(got "everyone"\)/);
    expect(await problemOf(['--default-plan', 'Gold'])).toMatch(/^--default-plan must name a plan: Free, Pro, Business, Enterprise \(got "Gold"\)/);
  });

  it('keeps the bundled document on known-keys by default, the same file reached by another path too', async () => {
    for (const specFile of [undefined, `${dirname(SPEC_FILE)}/../spec/petstore.yaml`, relative(process.cwd(), SPEC_FILE)]) {
      const mock = await startMock({ quiet: true, specFile });
      try {
        expect(mock.setup.auth.mode).toBe('known-keys');
        const res = await fetch(`${mock.url}/pets`, { headers: { 'X-API-Key': 'made-up-key' } });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('ApiKey header="X-API-Key"');
      } finally {
        await mock.close();
      }
    }
  });

  it('serves the flags, prints what passes, and names the schemes it cannot check', async () => {
    const file = await securityFixture('mixed-schemes');
    const out = sink();
    const err = sink();
    const mock = await runMockCommand(['--port', '0', '--spec', file, '--auth', 'any-credential', '--default-plan', 'Business'], out.stream, err.stream);
    try {
      expect(mock!.setup.auth).toEqual({ mode: 'any-credential', defaultPlan: 'Business' });
      const res = await fetch(`${mock!.url}/pets?limit=1`, { headers: { Authorization: 'Bearer my-own-token' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
      expect(out.text()).toContain('API keys (send as Authorization: Bearer):');
      expect(out.text()).toContain('any other non-empty credential passes too (--auth any-credential), on the Business plan');
      expect(out.text()).toContain(`curl -s -H 'Authorization: Bearer demo-pro' '${mock!.url}/pets?limit=3'`);
      expect(err.text()).toMatch(/^note: security scheme "DigestAuth" \(http digest\) is not checked/m);
    } finally {
      await mock!.close();
    }
  });
});
