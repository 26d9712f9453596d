import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DREDD_HOOKFILE, DreddUsageError, dreddArguments, normalizeDreddJunit, parseDreddArgs, runDreddCli } from '../../../src/cli/dredd-command.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe('contract:dredd arguments', () => {
  it('reads --flag value and --flag=value', () => {
    const options = parseDreddArgs(['--base-url', 'http://127.0.0.1:4010/', '--api-key=demo-pro', '--out', 'tmp/out']);
    expect(options).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'demo-pro' });
    expect(options !== 'help' && options.outDir.endsWith('tmp/out')).toBe(true);
    expect(parseDreddArgs(['--help'])).toBe('help');
  });

  it.each([
    [[], '--base-url is required'],
    [['--base-url', 'http://x'], '--api-key is required'],
    [['--base-url', 'ftp://x', '--api-key', 'k'], '--base-url must be http or https, not ftp:'],
    [['--base-url', 'nonsense', '--api-key', 'k'], "--base-url 'nonsense' is not a URL"],
    [['--base-url', '--api-key', 'k'], '--base-url needs a value'],
    [['--base-url', 'http://x', '--api-key', 'k', '--spec', '/nope.yaml'], '--spec /nope.yaml does not exist'],
    [['--reporter', 'html'], "unknown argument '--reporter'"],
  ])('rejects %j: %s', (argv, message) => {
    expect(() => parseDreddArgs(argv)).toThrow(new DreddUsageError(message));
  });

  it('runs Dredd with the hookfile, the xunit reporter and the JUnit file in --out', () => {
    const args = dreddArguments({ baseUrl: 'http://h:1', apiKey: 'k', outDir: '/out', specFile: '/spec.yaml' });
    expect(args.slice(0, 2)).toEqual(['/spec.yaml', 'http://h:1']);
    expect(args.join(' ')).toContain(`--hookfiles ${DREDD_HOOKFILE} --language nodejs --reporter xunit --output /out/dredd-junit.xml`);
    expect(args).toContain('--no-color');
    expect(args.join(' ')).toContain('--loglevel warning');
    expect(args).not.toContain('k');
  });

  it('exits 2 with the usage on a wrong flag, and 2 when the target is unreachable', async () => {
    const err = capture();
    expect(await runDreddCli(['--base-url', 'http://127.0.0.1:9'], { stderr: err.stream, stdout: capture().stream })).toBe(2);
    expect(err.text()).toContain('petstore-kit contract:dredd: --api-key is required');
    expect(err.text()).toContain('usage: npm run contract:dredd');
    const unreachable = capture();
    const code = await runDreddCli(['--base-url', 'http://127.0.0.1:9', '--api-key', 'k'], {
      stderr: unreachable.stream,
      probe: () => Promise.reject(Object.assign(new Error('fetch failed'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') })),
    });
    expect(code).toBe(2);
    expect(unreachable.text()).toBe('petstore-kit contract:dredd: http://127.0.0.1:9 is unreachable (connect ECONNREFUSED 127.0.0.1:9)\n');
  });

  it('fixes the two quirks of Dredd\'s xunit file that JUnit readers trip on', () => {
    const dredd = '<testsuite name="Dredd Tests" tests="2" failures="0" errors="0" skip="1" timestamp="x" time="3.51">\n' +
      '<testcase name="GET (200) /pets" time="0.135"/>\n<testcase name="GET (400) /pets" time="NaN"><skipped/></testcase>\n</testsuite>';
    const fixed = normalizeDreddJunit(dredd);
    expect(fixed).toContain('<testsuite name="Dredd Tests" tests="2" failures="0" errors="0" skip="1" skipped="1" timestamp="x" time="3.51">');
    expect(fixed).toContain('<testcase name="GET (400) /pets" time="0"><skipped/></testcase>');
    expect(normalizeDreddJunit(fixed)).toBe(fixed);
  });
});
