import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { otherDocumentWarning } from '../http/document-claim.js';
import { isLoopback } from '../http/is-loopback.js';
import { createLogger, type LogLevel } from '../http/request-log.js';
import { DEFAULT_SEED, DEFAULT_SPEC_FILE, startMock, type RunningMock } from '../http/start-mock.js';
import { DEFAULT_PLAN } from '../mock/create-mock-setup.js';
import { AUTH_MODES, type AuthMode } from '../mock/request-authenticator.js';
import { ConfigError, parseKeyConfigText, type KeyConfig } from '../rate-limit/key-config.js';
import { BUILT_IN_PLANS } from '../rate-limit/plans.js';
import { SpecError } from '../spec/spec-error.js';
import { StoreUnavailableError } from '../store/store-unavailable-error.js';
import { redactUrl } from '../store/redact-url.js';
import { readStateFile, StateFileError } from '../http/state-file.js';
import { REF_FLAG_OPTIONS, refOptionsFrom } from './ref-flags.js';
import { reloadReport } from './reload-report.js';
import { parseLatencyFlag, type LatencyRule } from '../mock/latency/latency-rule.js';
import { startupBanner } from './startup-banner.js';

const USAGE = `usage: petstore-kit mock [options]

  --port N            port to listen on (default 4010; 0 picks a free one)
  --host H            address to bind (default 127.0.0.1)
  --spec FILE         OpenAPI document (default: the bundled spec/petstore.yaml)
  --ref-root DIR      read the document's $ref'd files only inside DIR (documents you do not
                      trust); without it a $ref is resolved relative to the file holding it
  --allow-remote-refs fetch http(s) $refs (10 s and 64 MB at most each); without it they are refused
  --seed N            seed of the fake data; the same seed gives the same data (default ${DEFAULT_SEED})
  --config FILE       keys, plans, ban policy and session cap (see mocks/keys.example.json)
  --admin-token T     require "Authorization: Bearer T" on /__admin
  --auth MODE         known-keys (only demo and configured keys pass) or any-credential (any
                      non-empty credential passes); default known-keys for the bundled document,
                      any-credential for any other
  --default-plan P    plan of credentials that are not known keys under any-credential (default ${DEFAULT_PLAN})
  --store URL         keep all state in Redis (redis://HOST:PORT[/DB]; also env PETSTORE_STORE), so
                      several mock processes on one Redis behave as one server (default: in memory)
  --store-prefix P    prefix of every Redis key this mock writes (default petstore-kit:)
  --state FILE        start the default session from a snapshot (GET /__admin/snapshot's JSON;
                      docs/snapshot-format.md); a bad file stops the start with exit 2
  --watch             reload the document when its file (or a file it $refs) changes, keeping
                      the records of resources that still exist; a broken edit keeps the old one
  --latency L         wait before every answer: fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA
                      (ms; a session's POST /__admin/latency and Prefer: delay=MS take precedence)
  --webhook-target U  send every webhook of the document to URL U too (repeatable)
  --allow-callback-hosts H,...  hosts besides loopback that callbacks and webhooks may call
  --log-level L       silent | error | info | debug (default info); below info, start-up
                      prints only the address (error) or nothing (silent)
  --quiet             same as --log-level error
  -h, --help          this text

examples:
  petstore-kit mock                                  the bundled Petstore on http://127.0.0.1:4010
  petstore-kit mock --spec api.yaml --watch          your document, reloaded on every save
  petstore-kit mock --port 0 --quiet                 a free port; prints only the address
  curl -s -H 'X-API-Key: demo-pro' 'http://127.0.0.1:4010/pets?limit=3'
`;

const LEVELS = ['silent', 'error', 'info', 'debug'];

class UsageError extends Error {}

/** `petstore-kit mock`: returns the running mock, or throws; main() maps errors to exit 2. */
export async function runMockCommand(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<RunningMock | undefined> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' }, host: { type: 'string' }, spec: { type: 'string' }, seed: { type: 'string' },
        config: { type: 'string' }, 'admin-token': { type: 'string' }, 'log-level': { type: 'string' },
        auth: { type: 'string' }, 'default-plan': { type: 'string' },
        store: { type: 'string' }, 'store-prefix': { type: 'string' }, state: { type: 'string' },
        quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
        watch: { type: 'boolean' }, latency: { type: 'string' },
        'webhook-target': { type: 'string', multiple: true }, 'allow-callback-hosts': { type: 'string' },
        ...REF_FLAG_OPTIONS,
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    out.write(USAGE);
    return undefined;
  }
  const port = integer(values.port ?? '4010', '--port', 0, 65535);
  const seed = integer(values.seed ?? String(DEFAULT_SEED), '--seed', 0, 2 ** 31 - 1);
  const level = (values.quiet ? 'error' : (values['log-level'] ?? 'info')) as LogLevel;
  if (!LEVELS.includes(level)) throw new UsageError(`--log-level must be one of ${LEVELS.join(', ')}`);
  if (values['admin-token'] !== undefined && values['admin-token'].length < 8) throw new UsageError('--admin-token must be at least 8 characters');
  const host = values.host ?? '127.0.0.1';
  let config: KeyConfig | undefined;
  if (values.config) {
    let text: string;
    try {
      text = await readFile(values.config, 'utf8');
    } catch (error) {
      throw new ConfigError(values.config, [`cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`]);
    }
    config = parseKeyConfigText(text, values.config);
  }
  const auth = values.auth as AuthMode | undefined;
  if (auth !== undefined && !AUTH_MODES.includes(auth)) throw new UsageError(`--auth must be one of ${AUTH_MODES.join(', ')} (got ${JSON.stringify(auth)})`);
  const plans = config?.plans ?? BUILT_IN_PLANS;
  const defaultPlan = values['default-plan'];
  if (defaultPlan !== undefined && !plans.has(defaultPlan)) throw new UsageError(`--default-plan must name a plan: ${[...plans.keys()].join(', ')} (got ${JSON.stringify(defaultPlan)})`);
  const store = storeOption(values.store ?? (process.env.PETSTORE_STORE || undefined), values['store-prefix']);
  const state = values.state === undefined ? undefined : { file: values.state, snapshot: await readStateFile(values.state) };
  const latency = latencyOption(values.latency);
  const logger = createLogger(level, out, err);
  const mock = await startMock({ port, host, specFile: values.spec ?? DEFAULT_SPEC_FILE, refs: refOptionsFrom(values), seed, config, auth, defaultPlan, adminToken: values['admin-token'], logger, store, state, latency, outgoing: outgoingOption(values['allow-callback-hosts'], values['webhook-target']), ...watchOption(values.watch, level, out, err) });
  try {
    const warning = exposedAdminWarning(host, values['admin-token']);
    if (warning) err.write(`${warning}\n`);
    if (mock.otherDocument) err.write(`${otherDocumentWarning(mock.otherDocument, mock.setup.backend.description)}\n`);
    if (level !== 'silent') for (const note of mock.setup.security.notes) err.write(`note: ${note}\n`);
    if (level === 'info' || level === 'debug') out.write(startupBanner(mock, seed, values.watch === true));
    else if (level === 'error') out.write(`${mock.url}\n`); // --quiet: the address, for a script to read
  } catch (error) {
    // A start-up that fails must not leave the mock serving behind the error and exit code 2.
    await mock.close();
    throw error;
  }
  return mock;
}

/** The start-up warning for a control API anyone on the network can use, or undefined. */
export function exposedAdminWarning(host: string, adminToken: string | undefined): string | undefined {
  if (isLoopback(host) || adminToken !== undefined) return undefined;
  return `warning: listening on ${host}, reachable from other machines, and /__admin has no --admin-token: anyone who can reach it can reset data and add keys.`;
}

function watchOption(watch: boolean | undefined, level: LogLevel, out: NodeJS.WritableStream, err: NodeJS.WritableStream) {
  return watch ? { watch, onReload: level === 'silent' ? () => {} : reloadReport(out, err) } : {};
}

function outgoingOption(hosts: string | undefined, targets: string[] | undefined): { allowHosts?: string[]; webhookTargets?: string[] } {
  const allowHosts = hosts === undefined ? [] : hosts.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  for (const target of targets ?? []) {
    let host: string;
    try {
      host = new URL(target).hostname.replace(/^\[|\]$/g, '').toLowerCase();
    } catch {
      throw new UsageError(`--webhook-target must be an http(s) URL (got ${JSON.stringify(target)})`);
    }
    if (!isLoopback(host) && !allowHosts.includes(host)) throw new UsageError(`--webhook-target ${target}: ${host} is not a loopback host; add --allow-callback-hosts ${host}`);
  }
  return { allowHosts, webhookTargets: targets ?? [] };
}

function latencyOption(text: string | undefined): LatencyRule | undefined {
  if (text === undefined) return undefined;
  try {
    return parseLatencyFlag(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function storeOption(url: string | undefined, prefix: string | undefined): { url: string; prefix?: string } | undefined {
  if (url === undefined) {
    if (prefix !== undefined) throw new UsageError('--store-prefix needs --store redis://HOST:PORT');
    return undefined;
  }
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) throw new UsageError(`--store must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379/0 (got ${JSON.stringify(redactUrl(url))})`);
  if (prefix !== undefined && (prefix.length === 0 || prefix.length > 100 || /\s/.test(prefix))) throw new UsageError('--store-prefix must be 1..100 characters without spaces');
  return prefix === undefined ? { url } : { url, prefix };
}

function integer(text: string, flag: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(text)})`);
  return Number(text);
}

/** The one-line message for a start-up failure, or undefined when it is a bug. */
export function startupProblem(error: unknown): string | undefined {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof SpecError || error instanceof ConfigError || error instanceof StoreUnavailableError || error instanceof StateFileError) return error.message;
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return `the port is already in use (${(error as Error).message}); pick another with --port`;
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL') return `cannot listen there (${(error as Error).message})`;
  return undefined;
}
