import { parseArgs } from 'node:util';
import type { Reporter } from '../contract/events.js';
import { systemClock } from '../core/clock.js';
import { escapeControls } from '../core/escape-controls.js';
import { DEFAULT_SPEC_FILE } from '../http/start-mock.js';
import { startHarRecorder } from '../proxy/har-recorder.js';
import { startProxy, type RunningProxy } from '../proxy/proxy-server.js';
import { proxySummary } from '../proxy/proxy-summary.js';
import type { ProxiedExchange } from '../proxy/violation-log.js';
import { createReporters } from '../reporting/create-reporters.js';
import { REF_FLAG_OPTIONS, refOptionsFrom } from './ref-flags.js';

export const PROXY_USAGE = `usage: petstore-kit proxy --upstream URL [options]

Forwards every request to a real implementation and checks both directions against the document.

  --upstream URL      the implementation to forward to (required)
  --spec FILE         OpenAPI document (default: the bundled spec/petstore.yaml)
  --ref-root DIR      read the document's $ref'd files only inside DIR (documents you do not
                      trust); without it a $ref is resolved relative to the file holding it
  --allow-remote-refs fetch http(s) $refs (10 s and 64 MB at most each); without it they are refused
  --port N            port to listen on (default 4010; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1)
  --strict            answer 502 contract_violation instead of passing on a non-conforming answer
  --record FILE.har   write every exchange as HAR 1.2, credentials masked
  --reporter NAME     console | json | junit | html, written on SIGINT/SIGTERM (repeatable)
  --out DIR           where report files go (default ./contract-report)
  --timeout S         seconds to wait for the upstream (default 30)
  --quiet             no line per violating answer
  -h, --help          this text

Exit status on SIGINT/SIGTERM: 0 no answer violated the document, 1 some did, 2 it could not start.

example (point the app or test at the proxy's address; Ctrl-C writes the reports):
  petstore-kit proxy --upstream https://staging.example.com --spec api.yaml --reporter junit --reporter html
`;

export class ProxyUsageError extends Error {}

export interface ProxyCommand {
  proxy: RunningProxy;
  /** Stops, writes the reports, and gives the exit status (0 or 1). */
  stop(): Promise<number>;
}

/** `petstore-kit proxy`: starts the proxy; `stop()` finishes it as SIGINT/SIGTERM do. */
export async function runProxyCommand(argv: string[], out: NodeJS.WritableStream = process.stdout): Promise<ProxyCommand | undefined> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        upstream: { type: 'string' }, spec: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' },
        strict: { type: 'boolean' }, record: { type: 'string' }, reporter: { type: 'string', multiple: true }, out: { type: 'string' },
        timeout: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
        ...REF_FLAG_OPTIONS,
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ProxyUsageError((error as Error).message);
  }
  if (values.help) {
    out.write(PROXY_USAGE);
    return undefined;
  }
  if (!values.upstream) throw new ProxyUsageError('--upstream URL is required');
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
  } catch {
    throw new ProxyUsageError(`--upstream must be an http(s) URL (got ${JSON.stringify(values.upstream)})`);
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:') throw new ProxyUsageError('--upstream must be an http(s) URL');
  if (upstream.username || upstream.password) throw new ProxyUsageError('--upstream must not carry user:password@ (the proxy passes the client\'s own credentials on)');
  const port = wholeNumber(values.port ?? '4010', '--port', 65535);
  const timeoutMs = wholeNumber(values.timeout ?? '30', '--timeout', 3600) * 1000;
  const reporterNames = values.reporter ?? [];
  const reporters: Reporter[] = createReporters(reporterNames, values.out ?? 'contract-report', out);
  const recorder = values.record ? await startHarRecorder(values.record) : undefined;
  const onExchange = (entry: ProxiedExchange) => {
    recorder?.add(entry);
    if (!values.quiet && entry.failures.length > 0) out.write(violationLine(entry));
  };
  const proxy = await startProxy({ upstream: upstream.href, specFile: values.spec ?? DEFAULT_SPEC_FILE, refs: refOptionsFrom(values), port, host: values.host ?? '127.0.0.1', strict: values.strict === true, timeoutMs, onExchange });
  out.write(`petstore-kit proxy checking ${proxy.upstream} against ${proxy.specFile}\n  ${proxy.url}${values.strict ? '   (strict: violating answers become 502)' : ''}\n`);
  return {
    proxy,
    async stop() {
      await proxy.close();
      await recorder?.close();
      const summary = proxySummary(proxy, systemClock.now());
      for (const reporter of reporters) reporter.onEvent({ type: 'run-finished', summary });
      for (const reporter of reporters) await reporter.finish?.(summary);
      out.write(`${proxy.log.exchanges} exchanges, ${proxy.log.violating} violating the document\n`);
      return proxy.log.violating > 0 ? 1 : 0;
    },
  };
}

function violationLine(entry: ProxiedExchange): string {
  const { request, response } = entry.exchange;
  const path = new URL(request.url).pathname;
  const lines = entry.failures.map((f) => `    ${f.check}: ${f.message}${f.location ? ` (${f.location})` : ''}`);
  // What the upstream sent reaches a terminal here: its control characters are shown, not obeyed.
  return escapeControls(`✗ ${request.method} ${path} -> ${response.status}: ${entry.failures.length} violation${entry.failures.length > 1 ? 's' : ''}\n${lines.join('\n')}`, true) + '\n';
}

function wholeNumber(text: string, flag: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) > max) throw new ProxyUsageError(`${flag} must be a whole number up to ${max} (got ${JSON.stringify(text)})`);
  return Number(text);
}
