import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Clock } from '../core/clock.js';
import { createMockSetup, type MockSetup } from '../mock/create-mock-setup.js';
import type { DocumentIdentity, StateBackend } from '../mock/state-backend.js';
import type { AuthMode } from '../mock/request-authenticator.js';
import type { KeyConfig } from '../rate-limit/key-config.js';
import type { LatencyRule } from '../mock/latency/latency-rule.js';
import type { RefOptions } from '../spec/ref-options.js';
import { AdminClient } from './admin-client.js';
import { attachClientErrorHandler, requireHost } from './client-error.js';
import { createRequestListener } from './create-app.js';
import { createLogger, type LogLevel, type Logger } from './request-log.js';
import { claimDocument } from './document-claim.js';
import { applyStateFile } from './state-file.js';
import { watchSpec, type ReloadOutcome } from './watch-spec.js';

export const DEFAULT_SPEC_FILE = fileURLToPath(new URL('../../spec/petstore.yaml', import.meta.url));
export const DEFAULT_SEED = 1;

export interface StartMockOptions {
  /** 0 (the default here) picks a free port; the CLI defaults to 4010. */
  port?: number;
  host?: string;
  specFile?: string;
  /** Where the document's `$ref`s may lead (--ref-root, --allow-remote-refs); also on reload. */
  refs?: RefOptions;
  seed?: number;
  config?: KeyConfig;
  /** Default: known-keys for the bundled document, any-credential for any other (INTERFACE.md section 10). */
  auth?: AuthMode;
  /** The plan of credentials that are not known keys under any-credential; default Pro. */
  defaultPlan?: string;
  adminToken?: string;
  /** Default 'silent' for programmatic use. */
  logLevel?: LogLevel;
  /** Shorthand for logLevel 'silent'. */
  quiet?: boolean;
  logger?: Logger;
  /** The clock session clocks follow until moved (tests pass a ManualClock). */
  clock?: Clock;
  /** How a fault's delayMs and latencies are waited; default on `clock` when it can wait (a ManualClock), else real time. */
  delay?: (ms: number) => Promise<void>;
  /** `--latency`: the latency of every request no session latency matches. */
  latency?: LatencyRule;
  /** `--allow-callback-hosts`, `--webhook-target`: where callbacks and webhooks may go besides loopback, and where every webhook goes. */
  outgoing?: { allowHosts?: readonly string[]; webhookTargets?: readonly string[] };
  bodyLimit?: number;
  /** Bytes of request line and headers together (Node's maxHeaderSize); default 16 KiB, over it 431. */
  maxHeaderSize?: number;
  /** Milliseconds a client has to send the request line and headers; default 10 s, then 408 and closed. */
  headersTimeout?: number;
  /** Milliseconds a client has to send the whole request; default 30 s, then 408 and closed. */
  requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection stays open; default 5 s. */
  keepAliveTimeout?: number;
  /** Shared state (`--store redis://...`): `prefix` defaults to `petstore-kit:`. Default: in this process. */
  store?: { url: string; prefix?: string };
  /** A snapshot the default session starts from (`--state FILE`, read by readStateFile); a bad one throws StateFileError. */
  state?: { file: string; snapshot: unknown };
  /** Reload the document when its file (or a local file it `$ref`s) changes (`--watch`). */
  watch?: boolean;
  /** Told of each reload under `watch`; default: a line on the logger. */
  onReload?: (outcome: ReloadOutcome) => void;
}

export interface RunningMock {
  url: string;
  port: number;
  host: string;
  admin: AdminClient;
  setup: MockSetup;
  server: Server;
  /** With `--store`: the other document the shared state was last used with, if it was (the CLI warns). */
  otherDocument?: DocumentIdentity;
  /** Stops accepting, lets in-flight requests finish, closes idle connections. */
  close(): Promise<void>;
}

/** Starts the mock: `const mock = await startMock(); ... await mock.close();` */
export async function startMock(options: StartMockOptions = {}): Promise<RunningMock> {
  const level: LogLevel = options.quiet ? 'silent' : (options.logLevel ?? 'silent');
  const logger = options.logger ?? createLogger(level);
  const specFile = options.specFile ?? DEFAULT_SPEC_FILE;
  const stateBackend = await openStateBackend(options.store);
  const setup = await createMockSetup({
    stateBackend,
    specFile,
    refs: options.refs,
    seed: options.seed ?? DEFAULT_SEED,
    config: options.config,
    auth: options.auth ?? ((await isBundledSpec(specFile)) ? 'known-keys' : 'any-credential'),
    defaultPlan: options.defaultPlan,
    baseClock: options.clock,
    delay: options.delay,
    latency: options.latency,
    outgoing: options.outgoing,
    bodyLimit: options.bodyLimit,
    onInternalError: (error, request) => logger.error(`petstore-kit: internal error on ${request.method} ${request.path.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`),
  });
  const otherDocument = await claimDocument(setup);
  if (options.state) {
    const state = options.state;
    await applyStateFile(setup, state).catch(async (error: unknown) => {
      await setup.backend.close();
      throw error;
    });
  }
  const listener = createRequestListener(setup, { adminToken: options.adminToken, host: options.host ?? '127.0.0.1', logger });
  const headersTimeout = options.headersTimeout ?? 10_000;
  const server = createServer(
    {
      maxHeaderSize: options.maxHeaderSize ?? 16 * 1024,
      requestTimeout: Math.max(options.requestTimeout ?? 30_000, headersTimeout),
      headersTimeout,
      keepAliveTimeout: options.keepAliveTimeout ?? 5_000,
      // Node looks for expired requests only this often (30 s by default, so a 10 s headersTimeout
      // could take 40 s): check a few times per timeout instead.
      connectionsCheckingInterval: Math.min(1_000, Math.max(10, Math.floor(headersTimeout / 4))),
      requireHostHeader: false,
    },
    requireHost(listener),
  );
  attachClientErrorHandler(server);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const onReload = options.onReload ?? logReload(logger);
  // A reload is this process's own document changing: the shared state follows it.
  const watcher = options.watch ? watchSpec(setup, specFile, options.refs, (outcome) => (outcome.reloaded && void claimDocument(setup), onReload(outcome))) : undefined;
  return {
    url,
    port,
    host,
    admin: new AdminClient(url, options.adminToken),
    setup,
    server,
    ...(otherDocument ? { otherDocument } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        watcher?.close();
        server.close(() => {
          logger.flush();
          // Graceful shutdown ends the Redis connection too, once the last request is answered.
          void setup.backend.close().then(resolve);
        });
        server.closeIdleConnections();
        // A connection busy with a request closes once it is answered (else it would idle on
        // until cut below, holding up close() and the CLI's exit for the whole grace period).
        for (const socket of sockets) {
          const busy = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
          if (!busy) continue;
          if (!busy.headersSent) busy.shouldKeepAlive = false;
          busy.once('finish', () => setImmediate(() => server.closeIdleConnections()));
        }
        // Connections still busy after a grace period are cut, so close() always resolves.
        setTimeout(() => {
          for (const s of sockets) s.destroy();
        }, 2_000).unref();
      }),
  };
}

function logReload(logger: Logger): (outcome: ReloadOutcome) => void {
  return (outcome) => {
    if (outcome.reloaded) logger.info('petstore-kit: document reloaded');
    else logger.error(`petstore-kit: reload failed, still serving the previous document: ${(outcome.error as Error)?.message ?? String(outcome.error)}`);
  };
}

/** Redis is imported only when asked for: the in-memory default loads no client library. */
async function openStateBackend(store: StartMockOptions['store']): Promise<StateBackend | undefined> {
  if (!store) return undefined;
  const { openRedisStateBackend } = await import('../redis/redis-state-backend.js');
  const { DEFAULT_STORE_PREFIX } = await import('../redis/redis-client.js');
  return openRedisStateBackend(store.url, store.prefix ?? DEFAULT_STORE_PREFIX);
}

/** The bundled document keeps its demo keys only; any other document takes any credential. */
export async function isBundledSpec(specFile: string): Promise<boolean> {
  const real = (file: string) => realpath(file).catch(() => resolve(file));
  return (await real(specFile)) === (await real(DEFAULT_SPEC_FILE));
}
