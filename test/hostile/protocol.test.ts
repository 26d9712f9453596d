import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthy, KEY, rawRequest, startHostileMock, type HostileMock, type RawResult } from './hostile-kit.js';

/*
 * HTTP itself abused: headers too large or too many, request lines Node's parser refuses,
 * methods nobody documents, pipelining, and clients too slow to finish a request. Answers made
 * before Express sees a request (clientError, CONNECT, Expect, a missing Host) are the Error
 * object too.
 */

let mock: HostileMock;
beforeAll(async () => {
  mock = await startHostileMock();
});
afterAll(async () => {
  await mock?.close();
});

function onlyAnswer(result: RawResult, status: number, code?: string): void {
  expect(result.timedOut, `answered: ${result.rest.slice(0, 200)}`).toBe(false);
  expect(result.answers.map((a) => a.status)).toEqual([status]);
  if (code) expect(JSON.parse(result.answers[0]!.text)).toMatchObject({ code, status });
}

describe('huge and numerous headers', () => {
  it('answers headers over 16 KiB with 431 and the Error object, whether one header or many', async () => {
    const one = await mock.raw([rawRequest('GET', '/pets', { 'X-Big': 'a'.repeat(17 * 1024) })]);
    onlyAnswer(one, 431, 'request_header_fields_too_large');
    expect(one.closed).toBe(true);
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`X-H${i}`, 'v'.repeat(40)]));
    onlyAnswer(await mock.raw([rawRequest('GET', '/pets', many)]), 431, 'request_header_fields_too_large');
    onlyAnswer(await mock.raw([rawRequest('GET', `/pets?q=${'a'.repeat(17 * 1024)}`)]), 431, 'request_header_fields_too_large');
    onlyAnswer(await mock.raw([rawRequest('GET', '/pets', { 'X-API-Key': 'k'.repeat(17 * 1024) })]), 431);
  });

  it('answers thousands of small headers under the size limit normally', async () => {
    const many = Object.fromEntries(Array.from({ length: 2_500 }, (_, i) => [`a${i}`, '1']));
    const result = await mock.raw([rawRequest('GET', '/pets?limit=1', many)], { answers: 1 });
    onlyAnswer(result, 200);
  });

  it('answers odd but legal header values, and refuses illegal ones with 400', async () => {
    const latin1 = Buffer.concat([Buffer.from('GET /pets?limit=1 HTTP/1.1\r\nHost: x\r\nX-Note: caf'), Buffer.from([0xe9]), Buffer.from(`\r\nX-API-Key: ${KEY}\r\n\r\n`)]);
    onlyAnswer(await mock.raw([latin1], { answers: 1 }), 200);
    onlyAnswer(await mock.raw([rawRequest('GET', '/pets', { 'X-API-Key': 'a\x01b' })]), 400, 'validation_failed');
    onlyAnswer(await mock.raw([`GET /pets HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n`]), 400, 'validation_failed');
    onlyAnswer(await mock.raw([`GET /pets HTTP/1.1\r\nHost: x\r\nX-A: a\r\n folded\r\n\r\n`]), 400, 'validation_failed');
    onlyAnswer(await mock.raw([`GET /pets HTTP/1.1\nHost: x\n\n`]), 400, 'validation_failed');
    // Two keys in one request: node:http joins them, which names no key.
    onlyAnswer(await mock.raw([rawRequest('GET', '/pets', { 'X-API-Key': KEY }).replace('\r\n\r\n', `\r\nX-API-Key: ${KEY}\r\n\r\n`)], { answers: 1 }), 401, 'unauthorized');
    await expectHealthy(mock);
  });
});

describe('request lines and methods', () => {
  it('answers request lines the parser refuses with 400 and the Error object, then closes', async () => {
    const lines = [
      'GET\r\n\r\n',
      '\x00\x01\x02 hello\r\n\r\n',
      'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      'GET /pets HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET pets HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /pe ts HTTP/1.1\r\nHost: x\r\n\r\n',
      `GET /pets/\xff HTTP/1.1\r\nHost: x\r\n\r\n`,
      'get /pets HTTP/1.1\r\nHost: x\r\n\r\n',
      'BREW /pets HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{}',
      'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n',
      'POST /pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n',
      'POST /pets HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    ];
    for (const line of lines) {
      const result = await mock.raw([line]);
      expect(result.timedOut).toBe(false);
      // A request whose headers parsed is answered first (here 401: no key), then the bad body.
      const last = result.answers.at(-1);
      expect(last?.status, JSON.stringify(line)).toBe(400);
      expect(JSON.parse(last!.text)).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(result.answers.slice(0, -1).map((a) => a.status), JSON.stringify(line)).toEqual(/ZZ|gzip/.test(line) ? [401] : []);
      expect(result.closed, JSON.stringify(line)).toBe(true);
    }
  });

  it('answers methods the document does not have with 405 and Allow, or 404 on an unknown path', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'TRACE', 'PURGE', 'LOCK', 'SEARCH', 'REPORT', 'LINK']) {
      const result = await mock.raw([rawRequest(method, '/pets')], { answers: 1 });
      onlyAnswer(result, 405, 'method_not_allowed');
      expect(result.answers[0]!.headers.allow).toBe('GET, POST, HEAD');
      onlyAnswer(await mock.raw([rawRequest(method, '/nowhere')], { answers: 1 }), 404, 'not_found');
    }
  });

  it('refuses CONNECT with 405 and the Error object instead of dropping the connection', async () => {
    for (const target of ['/pets', 'example.com:443', '127.0.0.1:22']) {
      const result = await mock.raw([rawRequest('CONNECT', target)]);
      onlyAnswer(result, 405, 'method_not_allowed');
      expect(result.answers[0]!.headers.allow).toContain('GET');
      expect(result.closed).toBe(true);
    }
  });

  it('answers an HTTP/1.1 request without Host 400 with the Error object; HTTP/1.0 needs none', async () => {
    const result = await mock.raw([rawRequest('GET', '/pets?limit=1', { Host: null })]);
    onlyAnswer(result, 400, 'validation_failed');
    expect(JSON.parse(result.answers[0]!.text).message).toMatch(/Host/);
    onlyAnswer(await mock.raw([`GET /pets?limit=1 HTTP/1.0\r\nX-API-Key: ${KEY}\r\n\r\n`]), 200);
  });

  it('answers an Expect it cannot meet with 417 and the Error object, and 100-continue with 100 then the answer', async () => {
    const body = '{"name":"expecting"}';
    const odd = await mock.raw([rawRequest('POST', '/categories', { 'Content-Type': 'application/json', Expect: 'teapot' }, body)], { answers: 1 });
    onlyAnswer(odd, 417, 'expectation_failed');
    const head = rawRequest('POST', '/categories', { 'Content-Type': 'application/json', Expect: '100-continue', 'Content-Length': String(body.length) });
    const result = await mock.raw([head, { waitMs: 50 }, body], { answers: 1 });
    onlyAnswer(result, 201);
  });

  it('answers an absolute-form or asterisk target without a 5xx', async () => {
    onlyAnswer(await mock.raw([rawRequest('GET', 'http://evil.example/pets')], { answers: 1 }), 404, 'not_found');
    onlyAnswer(await mock.raw([rawRequest('OPTIONS', '*')], { answers: 1 }), 204);
    await expectHealthy(mock);
  });
});

describe('pipelining', () => {
  it('answers several requests sent in one write in order', async () => {
    const body = '{"name":"piped"}';
    const requests = [
      rawRequest('GET', '/pets?limit=1'),
      rawRequest('HEAD', '/pets?limit=1'),
      rawRequest('POST', '/categories', { 'Content-Type': 'application/json' }, body),
      rawRequest('GET', '/pets/999999'),
      rawRequest('POST', '/categories', { 'Content-Type': 'text/plain' }, body),
      rawRequest('PROPFIND', '/pets'),
      rawRequest('GET', '/pets?limit=0'),
      rawRequest('GET', '/categories?limit=100'),
    ];
    const result = await mock.raw([requests.join('')], { answers: requests.length, headAnswers: [1] });
    expect(result.answers.map((a) => a.status)).toEqual([200, 200, 201, 404, 415, 405, 400, 200]);
    expect(result.answers[1]!.text).toBe('');
    expect(result.answers[1]!.headers['content-length']).toBe(result.answers[0]!.headers['content-length']);
    expect(JSON.parse(result.answers[7]!.text).map((c: { name: string }) => c.name)).toContain('piped');
  });

  it('answers the requests before a malformed one, then 400 and closes', async () => {
    const result = await mock.raw([rawRequest('GET', '/pets?limit=1') + rawRequest('GET', '/pets?limit=2') + 'NOT HTTP AT ALL\r\n\r\n' + rawRequest('GET', '/pets')]);
    expect(result.answers.map((a) => a.status)).toEqual([200, 200, 400]);
    expect(result.closed).toBe(true);
  });

  it('answers a bad request once, however much more arrives while earlier answers are pending', async () => {
    const alone = await mock.raw(['NOT HTTP\r\n\r\n', { waitMs: 20 }, 'MORE GARBAGE\r\n\r\n', 'x'.repeat(5_000)]);
    expect(alone.answers.map((a) => a.status)).toEqual([400]);
    expect(alone.closed).toBe(true);
    const second = await mock.raw([rawRequest('GET', '/pets?limit=1') + 'NOT HTTP\r\n\r\n', { waitMs: 20 }, 'AGAIN NOT HTTP\r\n\r\n', 'x'.repeat(5_000)]);
    expect(second.answers.map((a) => a.status)).toEqual([200, 400]);
    expect(second.closed).toBe(true);
  });

  it('answers 100 pipelined requests in one write, in order, trickled a byte at a time at the end', async () => {
    const sizes = Array.from({ length: 100 }, (_, i) => (i % 20) + 1);
    const all = sizes.map((n) => rawRequest('GET', `/pets?limit=${n}`)).join('');
    const cut = all.length - 40;
    const tail = all.slice(cut).split('');
    const result = await mock.raw([all.slice(0, cut), ...tail], { answers: 100, timeoutMs: 5_000 });
    expect(result.answers.map((a) => JSON.parse(a.text).length)).toEqual(sizes);
    await expectHealthy(mock);
  });
});

describe('slow partial requests', () => {
  let slow: HostileMock;
  beforeAll(async () => {
    slow = await startHostileMock({ headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 100 });
  });
  afterAll(async () => {
    await slow?.close();
  });

  // The point of these is a real socket timeout, so they wait in real time: about 1.1 s in all,
  // the four connections side by side (Node closes an idle keep-alive connection a second after
  // keepAliveTimeout).
  it('closes connections too slow to send their headers or body (408 and the Error object), and idle ones', async () => {
    const trickle = (count: number, text: (i: number) => string) => Array.from({ length: count }, (_, i) => [{ waitMs: 80 }, text(i)]).flat();
    const [headers, body, silent, idle] = await Promise.all([
      slow.raw(['GET /pets HTTP/1.1\r\nHost: x\r\n', ...trickle(30, (i) => `X-Slow-${i}: 1\r\n`)], { timeoutMs: 2_500 }),
      slow.raw([rawRequest('POST', '/categories', { 'Content-Type': 'application/json', 'Content-Length': '40' }), ...trickle(30, () => ' ')], { timeoutMs: 2_500 }),
      slow.raw([], { timeoutMs: 2_500 }),
      slow.raw([rawRequest('GET', '/pets?limit=1')], { timeoutMs: 2_500 }),
    ]);
    onlyAnswer(headers, 408, 'request_timeout');
    expect(headers.closed).toBe(true);
    expect(headers.ms).toBeGreaterThanOrEqual(250);
    expect(headers.ms).toBeLessThan(1_500);
    expect(body.closed).toBe(true);
    expect(body.ms).toBeLessThan(1_800);
    expect(body.answers.map((a) => a.status)).toEqual([408]);
    expect(silent.closed).toBe(true);
    expect(silent.ms).toBeLessThan(1_800);
    expect(idle.answers.map((a) => a.status)).toEqual([200]);
    expect(idle.closed).toBe(true);
    expect(idle.ms).toBeLessThan(2_000);
    await expectHealthy(slow);
  });
});
