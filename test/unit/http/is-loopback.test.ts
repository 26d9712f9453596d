import { describe, expect, it } from 'vitest';
import { isLocalPeer, isLoopback, isLoopbackOrigin } from '../../../src/http/is-loopback.js';

describe('isLoopback (the start-up warning for a mock reachable from other machines)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', 'localhost'])('treats %s as loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1'])('treats %s as reachable from elsewhere', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});

describe('isLoopbackOrigin (the control API allows pages of this machine only)', () => {
  it.each(['http://localhost:3000', 'https://127.0.0.1', 'http://[::1]:8080', 'http://127.5.6.7:1'])('allows %s', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(true);
  });
  it.each([undefined, 'null', '', 'localhost', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'https://evil.example', 'http://[::ffff:10.0.0.1]'])('refuses %s', (origin) => {
    expect(isLoopbackOrigin(origin)).toBe(false);
  });
});

describe('isLocalPeer (the control API answers connections from this machine only)', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ['127.0.0.2', '192.0.2.2'],
    ['192.0.2.2', '192.0.2.2'],
    ['::ffff:10.200.3.1', '::ffff:10.200.3.1'],
  ])('allows the peer %s on a connection to %s', (peer, local) => {
    expect(isLocalPeer(peer, local)).toBe(true);
  });
  it.each([
    ['10.200.3.2', '10.200.3.1'],
    ['::ffff:10.200.3.2', '::ffff:10.200.3.1'],
    ['::ffff:192.0.2.9', '::ffff:127.0.0.1'],
    ['fd00::9', 'fd00::2'],
    ['localhost', '127.0.0.1'],
    [undefined, '127.0.0.1'],
    ['', ''],
  ])('refuses the peer %s on a connection to %s', (peer, local) => {
    expect(isLocalPeer(peer, local)).toBe(false);
  });
});
