import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthy, MiB, pollutedPrototypes, rawRequest, startHostileMock, type Answer, type HostileMock } from './hostile-kit.js';

/* Request bodies a client should never send: malformed, nested, polluting, mis-typed, too large. */

/** Every operation that takes a body, at ids the seed data has. */
const WRITES: [string, string][] = [
  ['POST', '/pets'],
  ['PUT', '/pets/1'],
  ['PATCH', '/pets/1'],
  ['POST', '/categories'],
  ['PUT', '/categories/1'],
  ['POST', '/store/orders'],
  ['PATCH', '/store/orders/1'],
  ['PUT', '/store/inventory/1'],
];
const JSON_TYPE = { 'Content-Type': 'application/json' };
const SESSION = 'hostile-bodies';

let mock: HostileMock;
beforeAll(async () => {
  mock = await startHostileMock();
});
afterAll(async () => {
  await mock?.close();
});

function expectStatus(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(JSON.parse(answer.text)).toMatchObject({ code, status });
}

describe('malformed and deeply nested JSON', () => {
  const malformed: [string, string][] = [
    ['truncated', '{"name":"Rex","categoryId":1'],
    ['a trailing comma', '{"name":"Rex","categoryId":1,}'],
    ['single quotes', "{'name':'Rex'}"],
    ['NaN', '{"quantity":NaN}'],
    ['Infinity', '{"quantity":Infinity}'],
    ['a comment', '{"name":"Rex" /* hi */}'],
    ['two documents', '{"name":"a"}{"name":"b"}'],
    ['an unescaped control character', '{"name":"a\u0001b"}'],
    ['a lone backslash', '{"name":"\\"}'],
    ['bare words', 'hello'],
    ['only whitespace', '   \n\t  '],
    ['1,000 unclosed arrays', '['.repeat(1_000)],
  ];
  const wellFormedButWrong: [string, string][] = [
    ['1,000 nested arrays', '['.repeat(1_000) + ']'.repeat(1_000)],
    ['null', 'null'],
    ['a number', '12'],
    ['a string', '"Rex"'],
    ['an array of objects', '[{"name":"Rex","categoryId":1}]'],
    ['a number beyond double', '{"name":"Rex","categoryId":1e400}'],
    ['an id beyond 2^53', '{"name":"Rex","categoryId":9007199254740993}'],
  ];
  /** Sent to two operations only: each is up to 600 KB, and what they test is the parser. */
  const huge: [string, string][] = [
    ['100,000 unclosed arrays', '['.repeat(100_000)],
    ['50,000 unclosed objects', '{"a":'.repeat(50_000)],
    ['300,000 nested arrays', '['.repeat(300_000) + ']'.repeat(300_000)],
    ['50,000 nested objects', '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)],
    ['a deeply nested field value', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)},"categoryId":1}`],
    ['10,000 fields', `{${Array.from({ length: 10_000 }, (_, i) => `"f${i}":${i}`).join(',')}}`],
    ['a 900 KB string', `{"name":"${'n'.repeat(900_000)}","categoryId":1}`],
  ];

  for (const [method, path] of WRITES) {
    it(`answers ${method} ${path} 400 with /body named, for malformed JSON of every kind`, async () => {
      for (const [what, body] of malformed) {
        const answer = await mock.send(method, path, { body, headers: JSON_TYPE, session: SESSION });
        expectStatus(answer, 400, 'validation_failed');
        expect(JSON.parse(answer.text).details, what).toEqual([expect.objectContaining({ path: '/body' })]);
      }
    });
    it(`answers ${method} ${path} 400 for well-formed JSON of the wrong shape, however deep`, async () => {
      for (const [what, body] of wellFormedButWrong) {
        const answer = await mock.send(method, path, { body, headers: JSON_TYPE, session: SESSION });
        expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(400);
        expect(answer.text.length, `${what}: the error stays short`).toBeLessThan(200_000);
      }
    });
  }

  for (const [method, path] of [WRITES[0]!, WRITES[6]!]) {
    it(`answers ${method} ${path} 400 for huge, deep and wide bodies, with a short answer`, async () => {
      for (const [what, body] of huge) {
        const answer = await mock.send(method, path, { body, headers: JSON_TYPE, session: SESSION });
        expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(400);
        expect(answer.text.length, `${what}: the error stays short`).toBeLessThan(5_000);
      }
    });
  }

  it('leaves the server healthy and the store consistent', async () => {
    await expectHealthy(mock, [SESSION]);
  });
});

describe('__proto__, constructor and prototype payloads', () => {
  const payloads = [
    '{"__proto__":{"polluted":true},"name":"Rex","categoryId":1}',
    '{"name":"Rex","categoryId":1,"constructor":{"prototype":{"polluted":true}}}',
    '{"__proto__":{"name":"Rex","categoryId":1,"status":"sold","complete":true,"quantity":5}}',
    '{"name":{"__proto__":{"polluted":true}},"categoryId":1}',
    '{"prototype":{"polluted":true},"name":"Rex","categoryId":1}',
    '{"constructor":{"name":"Object"},"petId":1,"quantity":1}',
    '{"__proto__":null,"complete":true}',
    '[{"__proto__":{"polluted":true}}]',
  ];

  for (const [method, path] of WRITES) {
    it(`refuses them on ${method} ${path} with 400 (unknown field or wrong type), polluting nothing`, async () => {
      for (const body of payloads) {
        const answer = await mock.send(method, path, { body, headers: JSON_TYPE, session: SESSION });
        expect(answer.status, `${body}: ${answer.text.slice(0, 200)}`).toBe(400);
        expect(pollutedPrototypes()).toEqual([]);
      }
    });
  }

  it('treats prototype names in the query, session name and Prefer as plain strings', async () => {
    const list = await mock.send('GET', '/pets?__proto__[polluted]=1&constructor[prototype][polluted]=1&limit=1');
    expect(list.status).toBe(200);
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty', 'prototype']) {
      const created = await mock.send('POST', '/categories', { body: JSON.stringify({ name: `in ${name}` }), headers: JSON_TYPE, session: name });
      expect(created.status, created.text).toBe(201);
      const seen = await mock.send('GET', '/categories?limit=100', { session: name });
      expect(JSON.parse(seen.text).filter((c: { name: string }) => c.name.startsWith('in ')), name).toEqual([expect.objectContaining({ name: `in ${name}` })]);
    }
    // Named examples are looked up as own properties: these name none, so the store answers.
    const plain = await mock.send('GET', '/pets?limit=2');
    for (const example of ['__proto__', 'toString', 'constructor', 'hasOwnProperty']) {
      const answer = await mock.send('GET', '/pets?limit=2', { headers: { Prefer: `example=${example}` } });
      expect(answer.status, example).toBe(200);
      expect(answer.headers['content-type'], example).toBe('application/json');
      expect(answer.text, example).toBe(plain.text);
    }
    await expectHealthy(mock, ['__proto__', 'constructor', 'hasOwnProperty', 'prototype']);
  });

  it('takes a key named __proto__ as a plain key, and refuses prototype names as plans or fields', async () => {
    const added = await mock.send('POST', '/__admin/keys', { body: '{"key":"__proto__","plan":"Free"}', headers: JSON_TYPE });
    expect(added.status, added.text).toBe(201);
    expect((await mock.send('GET', '/pets?limit=1', { key: '__proto__' })).status).toBe(200);
    expect((await mock.send('GET', '/pets?limit=1', { key: 'constructor' })).status).toBe(401);
    expect((await mock.send('GET', '/pets?limit=1', { key: 'toString' })).status).toBe(401);
    for (const body of ['{"key":"k-proto-plan","plan":"__proto__"}', '{"key":"k-ctor-plan","plan":"constructor"}', '{"__proto__":{"key":"k-hidden","plan":"Free"}}']) {
      expect((await mock.send('POST', '/__admin/keys', { body, headers: JSON_TYPE })).status, body).toBe(400);
    }
    for (const body of ['{"__proto__":{"set":"2027-01-01T00:00:00Z"}}', '{"constructor":{"prototype":{"set":1}}}']) {
      expect((await mock.send('POST', '/__admin/clock', { body, headers: JSON_TYPE })).status, body).toBe(400);
    }
    expect((await mock.send('POST', '/__admin/faults', { body: '{"times":1,"status":404,"__proto__":{"delayMs":1}}', headers: JSON_TYPE })).status).toBe(400);
    for (const name of ['__proto__', 'constructor', 'toString']) {
      expect((await mock.send('GET', `/__admin/keys/${name === '__proto__' ? 'constructor' : name}`)).status).toBe(404);
    }
    expect((await mock.send('DELETE', '/__admin/keys/__proto__')).status).toBe(204);
    await expectHealthy(mock);
  });
});

describe('invalid UTF-8 and odd but valid text', () => {
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const invalid: [string, Buffer][] = [
    ['a stray 0xff', bytes('{"name":"', [0xff], '","categoryId":1}')],
    ['an overlong slash', bytes('{"name":"', [0xc0, 0xaf], '","categoryId":1}')],
    ['a UTF-8 encoded surrogate', bytes('{"name":"', [0xed, 0xa0, 0x80], '","categoryId":1}')],
    ['a truncated sequence', bytes('{"name":"', [0xe2, 0x82], '","categoryId":1}')],
    ['a code point beyond U+10FFFF', bytes('{"name":"', [0xf4, 0x90, 0x80, 0x80], '","categoryId":1}')],
    ['UTF-16 with a BOM', Buffer.from('\ufeff{"name":"Rex","categoryId":1}', 'utf16le')],
  ];

  for (const [method, path] of WRITES) {
    it(`answers ${method} ${path} 400 for bytes that are not UTF-8`, async () => {
      for (const [what, body] of invalid) {
        const answer = await mock.send(method, path, { body, headers: JSON_TYPE, session: SESSION });
        expect(answer.status, what).toBe(400);
        expect(JSON.parse(answer.text).details, what).toEqual([expect.objectContaining({ path: '/body' })]);
      }
    });
  }

  it('stores escaped lone surrogates, NULs and emoji as the strings they are, and sends them back as valid JSON', async () => {
    for (const name of ['\\ud800', '\\u0000', '\\udfff\\ud800', 'e\\u0301', '🐕‍🦺', '\\u202e evil']) {
      const answer = await mock.send('POST', '/categories', { body: `{"name":"${name}"}`, headers: JSON_TYPE, session: SESSION });
      expect(answer.status, name).toBe(201);
      expect(JSON.parse(answer.text).name).toBe(JSON.parse(`"${name}"`));
    }
    await expectHealthy(mock, [SESSION]);
  });

  it('takes a leap second in shipDate (RFC 3339 allows it, Date.parse does not) and stays consistent', async () => {
    const session = `${SESSION}-leap`;
    expect((await mock.send('PUT', '/store/inventory/1', { body: '{"quantity":5}', headers: JSON_TYPE, session })).status).toBe(200);
    for (const shipDate of ['2026-12-31T23:59:60Z', '2027-06-30T23:59:60.5Z', '0000-01-01T00:00:00Z', '2026-12-01t12:00:00z']) {
      const answer = await mock.send('POST', '/store/orders', { body: JSON.stringify({ petId: 1, quantity: 1, shipDate }), headers: JSON_TYPE, session });
      expect(answer.status, `${shipDate}: ${answer.text}`).toBe(201);
    }
    await expectHealthy(mock, [session]);
  });
});

describe('wrong and missing content types', () => {
  const body = '{"name":"Typed","categoryId":1}';
  const refused: [string, Record<string, string>][] = [
    ['no Content-Type', {}],
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['an empty Content-Type', { 'Content-Type': '' }],
    ['application/jsonp', { 'Content-Type': 'application/jsonp' }],
    ['application/json-seq', { 'Content-Type': 'application/json-seq' }],
    ['application/problem+json', { 'Content-Type': 'application/problem+json' }],
    ['a form', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['text/json', { 'Content-Type': 'text/json' }],
    ['json as a parameter', { 'Content-Type': 'text/plain; application/json' }],
    ['gzip that is not', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }],
    ['deflate', { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' }],
  ];
  for (const [method, path] of WRITES) {
    it(`answers ${method} ${path} 415 for a body that is not application/json`, async () => {
      for (const [what, headers] of refused) {
        const answer = await mock.send(method, path, { body, headers, session: SESSION });
        expectStatus(answer, 415, 'unsupported_media_type');
        expect(answer.text, what).not.toContain('Typed');
      }
    });
  }

  it('accepts application/json in any case and with parameters, and treats a zero-length body as none', async () => {
    for (const type of ['APPLICATION/JSON', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', ' application/json ']) {
      expect((await mock.send('POST', '/categories', { body: '{"name":"cased"}', headers: { 'Content-Type': type }, session: SESSION })).status, type).toBe(201);
    }
    const empty = await mock.send('POST', '/categories', { body: '', headers: JSON_TYPE, session: SESSION });
    expectStatus(empty, 400, 'validation_failed');
    expect(JSON.parse(empty.text).details).toEqual([{ path: '/body', message: 'a JSON request body is required' }]);
    await expectHealthy(mock, [SESSION]);
  });
});

describe('bodies over the limit', () => {
  it('answers a declared Content-Length over 1 MiB with 413 at once, before any of the body is sent', async () => {
    for (const length of [MiB + 1, 2 * MiB, 10 ** 15]) {
      for (const [method, path] of WRITES) {
        const head = rawRequest(method, path, { 'Content-Type': 'application/json', 'Content-Length': String(length), 'X-Mock-Session': SESSION });
        const result = await mock.raw([head], { answers: 1, timeoutMs: 2_000 });
        expect(result.timedOut, `${method} ${path} ${length}: no answer without the body`).toBe(false);
        expect(result.answers[0]?.status, `${method} ${path}`).toBe(413);
        expect(JSON.parse(result.answers[0]!.text)).toMatchObject({ code: 'payload_too_large', status: 413 });
        expect(result.answers[0]!.headers.connection).toBe('close');
      }
    }
  });

  it('answers a chunked body 413 once it passes 1 MiB, without waiting for its end (streamed, not buffered)', async () => {
    const head = rawRequest('POST', '/pets', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', 'X-Mock-Session': SESSION });
    const chunk = `${(64 * 1024).toString(16)}\r\n${' '.repeat(64 * 1024)}\r\n`;
    // 1.25 MiB of whitespace and no last chunk: an answer can only come from counting as it streams.
    const result = await mock.raw([head, '10\r\n{"name":"B","cat\r\n', ...Array.from({ length: 20 }, () => chunk)], { answers: 1, timeoutMs: 3_000 });
    expect(result.timedOut).toBe(false);
    expect(result.answers[0]?.status).toBe(413);
  });

  it('answers a declared Content-Length over 64 KiB on /__admin with 413 at once too', async () => {
    const head = rawRequest('POST', '/__admin/keys', { 'Content-Type': 'application/json', 'Content-Length': String(2 * MiB) });
    const result = await mock.raw([head], { answers: 1, timeoutMs: 2_000 });
    expect(result.timedOut).toBe(false);
    expect(result.answers[0]?.status).toBe(413);
    expect(JSON.parse(result.answers[0]!.text)).toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('does not answer a body shorter than its Content-Length early, and stays healthy when the client leaves', async () => {
    const head = rawRequest('POST', '/categories', { 'Content-Type': 'application/json', 'Content-Length': '100', 'X-Mock-Session': SESSION });
    const result = await mock.raw([head, '{"name":"short"}', { waitMs: 50 }], { timeoutMs: 150 });
    expect(result.answers).toEqual([]); // still waiting for the other 84 bytes: nothing answered early
    await expectHealthy(mock, [SESSION]);
  });
});
