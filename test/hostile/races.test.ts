import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthy, startHostileMock, type Answer, type HostileMock } from './hostile-kit.js';

/*
 * Many requests at once against one record or one key. The store and the rate limiter do their
 * read-check-write synchronously, so whatever the interleaving of bodies arriving, the outcome is
 * exactly that of some order of the requests: one winner for the last unit, a final record that
 * is one of the bodies sent, exactly L requests through a limit of L.
 */

const N = 30;
const JSON_TYPE = { 'Content-Type': 'application/json' };

let mock: HostileMock;
beforeAll(async () => {
  mock = await startHostileMock();
});
afterAll(async () => {
  await mock?.close();
});

const post = (path: string, body: unknown, session: string, key?: string) => mock.send('POST', path, { body: JSON.stringify(body), headers: JSON_TYPE, session, key });
const put = (path: string, body: unknown, session: string) => mock.send('PUT', path, { body: JSON.stringify(body), headers: JSON_TYPE, session });
const codes = (answers: Answer[]) => answers.map((a) => (a.status >= 400 ? (JSON.parse(a.text) as { code: string }).code : String(a.status)));
const tally = (values: string[]) => values.reduce<Record<string, number>>((t, v) => ((t[v] = (t[v] ?? 0) + 1), t), {});

async function petWithStock(session: string, stock: number): Promise<number> {
  const pet = await post('/pets', { name: 'Contested', categoryId: 1 }, session);
  const id = (JSON.parse(pet.text) as { id: number }).id;
  expect((await put(`/store/inventory/${id}`, { quantity: stock }, session)).status).toBe(200);
  return id;
}

describe('orders racing for stock', () => {
  it(`of ${N} simultaneous orders for the last unit exactly one wins; the stock is 0 and the pet pending`, async () => {
    const session = 'race-last-unit';
    const petId = await petWithStock(session, 1);
    const answers = await Promise.all(Array.from({ length: N }, () => post('/store/orders', { petId, quantity: 1 }, session)));
    const outcome = tally(codes(answers));
    expect(outcome['201']).toBe(1);
    expect((outcome.insufficient_stock ?? 0) + (outcome.pet_not_available ?? 0)).toBe(N - 1);
    expect(Object.keys(outcome).every((c) => ['201', 'insufficient_stock', 'pet_not_available'].includes(c))).toBe(true);
    const item = JSON.parse((await mock.send('GET', `/store/inventory/${petId}`, { session })).text);
    expect(item).toEqual({ petId, quantity: 0, status: 'pending' });
    expect(JSON.parse((await mock.send('GET', `/pets?id=${petId}`, { session })).text)[0].status).toBe('pending');
    const orders = JSON.parse((await mock.send('GET', `/store/orders?petId=${petId}`, { session })).text);
    expect(orders).toHaveLength(1);
    await expectHealthy(mock, [session]);
  });

  it(`of ${N} simultaneous orders of 2 units against a stock of 7 exactly 3 win and 1 unit is left`, async () => {
    const session = 'race-some-units';
    const petId = await petWithStock(session, 7);
    const answers = await Promise.all(Array.from({ length: N }, () => post('/store/orders', { petId, quantity: 2 }, session)));
    const outcome = tally(codes(answers));
    expect(outcome).toEqual({ 201: 3, insufficient_stock: N - 3 });
    expect(JSON.parse((await mock.send('GET', `/store/inventory/${petId}`, { session })).text)).toEqual({ petId, quantity: 1, status: 'available' });
    await expectHealthy(mock, [session]);
  });

  it('keeps the store consistent when orders, cancellations, fulfilments, restocks and deletes of one pet race', async () => {
    const session = 'race-mixed';
    const petId = await petWithStock(session, 3);
    const first = JSON.parse((await post('/store/orders', { petId, quantity: 1 }, session)).text) as { id: number };
    const requests = Array.from({ length: N * 2 }, (_, i) => {
      switch (i % 6) {
        case 0:
          return post('/store/orders', { petId, quantity: 1 }, session);
        case 1:
          return mock.send('DELETE', `/store/orders/${first.id + (i % 5)}`, { session });
        case 2:
          return mock.send('PATCH', `/store/orders/${first.id + (i % 4)}`, { body: '{"complete":true}', headers: JSON_TYPE, session });
        case 3:
          return put(`/store/inventory/${petId}`, { quantity: i % 3 }, session);
        case 4:
          return mock.send('DELETE', `/pets/${petId}`, { session });
        default:
          return mock.send('PATCH', `/pets/${petId}`, { body: JSON.stringify({ status: ['available', 'pending', 'sold'][i % 3] }), headers: JSON_TYPE, session });
      }
    });
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    await expectHealthy(mock, [session]);
  });
});

describe('concurrent updates of one record', () => {
  it(`after ${N} simultaneous PUTs of one pet the record is exactly one of the bodies sent (last write wins, nothing torn)`, async () => {
    const session = 'race-put-pet';
    const petId = (JSON.parse((await post('/pets', { name: 'Before', categoryId: 1 }, session)).text) as { id: number }).id;
    const categories = await Promise.all([2, 3, 4].map(async () => (JSON.parse((await post('/categories', { name: 'c' }, session)).text) as { id: number }).id));
    const bodies = Array.from({ length: N }, (_, i) => ({ name: `racer-${i}-${'x'.repeat(i * 3)}`, categoryId: categories[i % 3]!, status: (['available', 'pending', 'sold'] as const)[i % 3] }));
    const answers = await Promise.all(bodies.map((body) => put(`/pets/${petId}`, body, session)));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    const final = JSON.parse((await mock.send('GET', `/pets?id=${petId}`, { session })).text)[0];
    expect(bodies.map((b) => ({ id: petId, ...b }))).toContainEqual(final);
    // Each answer showed the record as that request left it: its own body.
    answers.forEach((a, i) => expect(JSON.parse(a.text)).toEqual({ id: petId, ...bodies[i] }));
    const item = JSON.parse((await mock.send('GET', `/store/inventory/${petId}`, { session })).text);
    expect(item.status).toBe(final.status);
    await expectHealthy(mock, [session]);
  });

  it(`after ${N} simultaneous PUTs of one category, with and without a description, it is one of them whole`, async () => {
    const session = 'race-put-category';
    const bodies = Array.from({ length: N }, (_, i) => (i % 2 ? { name: `cat-${i}`, description: `described by ${i}` } : { name: `cat-${i}` }));
    const answers = await Promise.all(bodies.map((body) => put('/categories/1', body, session)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const final = JSON.parse((await mock.send('GET', '/categories/1', { session })).text);
    expect(bodies.map((b) => ({ id: 1, ...b }))).toContainEqual(final);
    await expectHealthy(mock, [session]);
  });
});

describe('a key hit by many parallel requests', () => {
  const L = 20;

  it(`with a limit of ${L} per minute: exactly ${L} pass, then exactly 11 answers of 429, then 403 key_banned`, async () => {
    const session = 'race-limit';
    const key = 'race-limited-key-5e2b';
    const added = await mock.send('POST', '/__admin/keys', { body: JSON.stringify({ key, plan: 'Free', perMinute: L, perDay: 100_000 }), headers: JSON_TYPE });
    expect(added.status, added.text).toBe(201);

    const burst = await Promise.all(Array.from({ length: L + 11 }, () => mock.send('GET', '/pets?limit=1', { key, session })));
    expect(tally(codes(burst))).toEqual({ 200: L, rate_limit_exceeded: 11 });
    const limited = burst.filter((a) => a.status === 429);
    expect(limited.every((a) => a.headers['x-ratelimit-remaining'] === '0' && Number(a.headers['retry-after']) >= 1)).toBe(true);

    const after = await Promise.all(Array.from({ length: 15 }, () => mock.send('GET', '/pets?limit=1', { key, session })));
    expect(tally(codes(after))).toEqual({ key_banned: 15 });
    expect(after.every((a) => Number(a.headers['retry-after']) === 900)).toBe(true);

    const usage = JSON.parse((await mock.send('GET', `/__admin/keys/${key}`, { session })).text);
    expect(usage.usage.minute).toBe(L);
    expect(usage.bannedUntil).toBe(new Date(mock.clock.now() + 900_000).toISOString());
    // Another session counts on its own.
    expect((await mock.send('GET', '/pets?limit=1', { key, session: `${session}-other` })).status).toBe(200);
    await expectHealthy(mock, [session]);
  });

  it(`with ${L} + 30 requests at once, some writes among them: still exactly ${L} pass, 11 are 429 and the rest 403`, async () => {
    const session = 'race-limit-burst';
    const key = 'race-burst-key-91c4';
    expect((await mock.send('POST', '/__admin/keys', { body: JSON.stringify({ key, plan: 'Free', perMinute: L }), headers: JSON_TYPE })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: L + 30 }, (_, i) => (i % 4 === 0 ? post('/categories', { name: `burst-${i}` }, session, key) : mock.send('GET', '/pets?limit=1', { key, session }))),
    );
    const outcome = tally(codes(answers));
    expect((outcome['200'] ?? 0) + (outcome['201'] ?? 0)).toBe(L);
    expect(outcome.rate_limit_exceeded).toBe(11);
    expect(outcome.key_banned).toBe(30 - 11);
    const created = JSON.parse((await mock.send('GET', '/categories?limit=100', { session })).text).filter((c: { name: string }) => c.name.startsWith('burst-'));
    expect(created).toHaveLength(outcome['201'] ?? 0);
    await expectHealthy(mock, [session]);
  });
});
