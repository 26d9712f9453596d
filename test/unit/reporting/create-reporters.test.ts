import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReporters } from '../../../src/reporting/create-reporters.js';

describe('createReporters', () => {
  it('makes one reporter per distinct name, in order', () => {
    const reporters = createReporters(['junit', 'console', 'html', 'json', 'junit'], '/tmp/out', new PassThrough());
    expect(reporters.map((r) => r.name)).toEqual(['junit', 'console', 'html', 'json']);
  });

  it('rejects an unknown name with a message that lists the valid ones', () => {
    expect(() => createReporters(['console', 'xml'], '/tmp/out', new PassThrough())).toThrow(
      "Unknown reporter 'xml'; valid reporters are console, json, junit, html",
    );
    expect(() => createReporters(['toString'], '/tmp/out', new PassThrough())).toThrow(/valid reporters are/);
  });
});
