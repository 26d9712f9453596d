import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../../src/http/is-loopback.js';

describe('isLoopback (the start-up warning for a mock reachable from other machines)', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', 'localhost'])('treats %s as loopback', (host) => {
    expect(isLoopback(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1'])('treats %s as reachable from elsewhere', (host) => {
    expect(isLoopback(host)).toBe(false);
  });
});
