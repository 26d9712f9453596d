import { describe, expect, it } from 'vitest';
import { expectHealthy, useHostileMock } from './hostile-kit.js';

const LOCAL_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:5173', 'http://[::1]:8080'];
const FOREIGN_ORIGINS = ['https://evil.example', 'http://localhost.evil.example', 'null', 'http://127.0.0.1.evil.example:3000'];

const preflight = (origin: string, method = 'POST') => ({
  key: null,
  headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization, content-type, x-mock-session' },
});

describe('CORS of /__admin: a local frontend may drive it, no other origin', () => {
  const mock = useHostileMock();
  const guarded = useHostileMock({ adminToken: 'admin-token-0123' });

  it('answers a preflight from a loopback origin with 204, that origin and the headers the control API reads', async () => {
    for (const origin of LOCAL_ORIGINS) {
      for (const target of [mock, guarded]) {
        const answer = await target.send('OPTIONS', '/__admin/keys', preflight(origin));
        expect(answer.status, origin).toBe(204);
        expect(answer.headers['access-control-allow-origin']).toBe(origin);
        expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, DELETE');
        expect(answer.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, X-Mock-Session');
        expect(answer.headers.vary).toContain('Origin');
        expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      }
    }
  });

  it('gives a loopback origin its own origin on real answers, successes and errors alike', async () => {
    const origin = 'http://localhost:3000';
    const clock = await mock.send('GET', '/__admin/clock', { headers: { Origin: origin } });
    expect(clock.status).toBe(200);
    expect(clock.headers['access-control-allow-origin']).toBe(origin);
    expect(clock.headers.vary).toContain('Origin');
    const added = await mock.send('POST', '/__admin/keys', { headers: { Origin: origin, 'Content-Type': 'application/json' }, body: JSON.stringify({ key: 'cors-added-key-1', plan: 'Free' }) });
    expect(added.status).toBe(201);
    expect(added.headers['access-control-allow-origin']).toBe(origin);
    expect(added.headers['access-control-expose-headers']).toContain('Location');
    // The token rules hold: without it, 401, readable by the local page; with it, 200.
    const refused = await guarded.send('GET', '/__admin/clock', { headers: { Origin: origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
    const allowed = await guarded.send('GET', '/__admin/clock', { headers: { Origin: origin, Authorization: 'Bearer admin-token-0123' } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
  });

  it('gives any other origin no CORS header: its preflight and requests are refused as before', async () => {
    for (const origin of FOREIGN_ORIGINS) {
      const answers = [
        await mock.send('OPTIONS', '/__admin/reset', preflight(origin)),
        await mock.send('POST', '/__admin/reset', { headers: { Origin: origin } }),
        await mock.send('GET', '/__admin/requests', { headers: { Origin: origin } }),
        await guarded.send('OPTIONS', '/__admin/keys', preflight(origin)),
        await guarded.send('GET', '/__admin/keys', { headers: { Origin: origin, Authorization: 'Bearer admin-token-0123' } }),
      ];
      expect(answers.map((a) => a.status), origin).toEqual([403, 403, 403, 401, 200]);
      for (const answer of answers) {
        expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
        expect(answer.headers['access-control-allow-methods'], origin).toBeUndefined();
      }
    }
    // A tool without Origin (curl, the test suites) is unaffected and gets no CORS header.
    const curl = await mock.send('GET', '/__admin/clock');
    expect(curl.status).toBe(200);
    expect(curl.headers['access-control-allow-origin']).toBeUndefined();
    await expectHealthy(mock);
    await expectHealthy(guarded);
  });
});
