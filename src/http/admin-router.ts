import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { ApiError } from '../core/errors.js';
import { parseFault } from '../mock/parse-fault.js';
import { journalAsHar } from '../mock/journal-har.js';
import { parseLatencyRule } from '../mock/latency/latency-rule.js';
import { CLOCK_RANGE_RULE, clockInRange, SNAPSHOT_BODY_LIMIT } from '../mock/snapshot/snapshot-format.js';
import type { MockSetup } from '../mock/create-mock-setup.js';
import { storeUnavailable } from '../mock/mock-engine.js';
import { StoreUnavailableError } from '../store/store-unavailable-error.js';
import { SESSION_NAME, SESSION_NAME_RULE, type Session } from '../mock/session.js';
import { parseNewKey } from '../rate-limit/key-config.js';
import { DuplicateKeyError } from '../rate-limit/key-registry.js';
import { keySubject } from '../rate-limit/subjects.js';
import { MAX_JSON_DEPTH, valueNestsDeeperThan } from '../core/json-depth.js';
import { hostnameOf, isLocalPeer, isLoopback, isLoopbackOrigin } from './is-loopback.js';
import type { ApiKeyRecord } from '../rate-limit/types.js';

/** An error of the control API: same Error body as the API, its own codes where the API has none. */
class AdminError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

const ADMIN_BODY_LIMIT = 64 * 1024;

/**
 * `/__admin` (INTERFACE.md section 8): never rate limited, never in the document, acting on the
 * session named by `X-Mock-Session` (the default one without it).
 */
/** `onInternalError` hears every error the control API answers 500 (a bug, or a store answering nonsense). */
export function createAdminRouter(setup: MockSetup, adminToken: string | undefined, listenHost = '127.0.0.1', onInternalError: (error: unknown, req: Request) => void = () => {}): Router {
  const router = express.Router();
  const { sessions, keys, config, keyChanges } = setup;
  const sessionOf = (req: Request): Session => {
    const name = req.header('x-mock-session') || undefined;
    // The API's rule: a session the API cannot name (5,000 characters, say) is not made here either.
    if (name !== undefined && !SESSION_NAME.test(name)) throw new AdminError(400, 'validation_failed', SESSION_NAME_RULE);
    return sessions.get(name);
  };
  const keyView = async (record: Readonly<ApiKeyRecord>, session: Session) => {
    await session.clock.refresh?.();
    const usage = await session.limits.usage(keySubject(record.key), session.clock.now());
    return {
      key: record.key,
      plan: record.plan,
      perMinute: record.perMinute,
      perDay: record.perDay,
      scope: record.scope,
      usage: { minute: usage.minute, day: usage.day },
      bannedUntil: usage.bannedUntil === null ? null : new Date(usage.bannedUntil).toISOString(),
    };
  };
  const knownKey = async (req: Request) => {
    await keyChanges.refresh();
    const record = keys.get(String(req.params.key));
    if (!record) throw new AdminError(404, 'not_found', 'No such API key');
    return record;
  };
  const clockView = (session: Session) => ({ now: new Date(session.clock.now()).toISOString(), frozen: session.clock.frozen });

  router.use(adminToken !== undefined ? requireToken(adminToken) : onlyLocalCallers(listenHost));
  // Snapshots are larger than the other control bodies: their own limit, checked the same way.
  router.get('/snapshot', async (req, res) => {
    res.json(await setup.snapshots.export(sessionOf(req)));
  });
  router.post('/snapshot', bodyLimit(SNAPSHOT_BODY_LIMIT, '8 MiB'), express.json({ limit: SNAPSHOT_BODY_LIMIT }), notTooDeep, async (req, res) => {
    if (!req.is('application/json')) throw new AdminError(415, 'unsupported_media_type', 'Send the snapshot as JSON, with Content-Type: application/json');
    await setup.snapshots.import(sessionOf(req), req.body);
    res.status(204).end();
  });
  router.use(bodyLimit(ADMIN_BODY_LIMIT, '64 KiB'));
  router.use(express.json({ limit: ADMIN_BODY_LIMIT }), notTooDeep);

  router.post('/reset', async (req, res) => {
    if (req.header('x-mock-session')) await sessions.reset(sessionOf(req));
    else await sessions.resetAll();
    res.status(204).end();
  });

  router.get('/clock', async (req, res) => {
    const session = sessionOf(req);
    await session.clock.refresh?.();
    res.json(clockView(session));
  });
  router.post('/clock', async (req, res) => {
    const session = sessionOf(req);
    const body = objectBody(req);
    const keysGiven = Object.keys(body);
    if (keysGiven.length !== 1 || !['set', 'advanceSeconds'].includes(keysGiven[0]!)) {
      throw new AdminError(400, 'validation_failed', 'Send exactly one of {"set": ISO-8601} or {"advanceSeconds": n}');
    }
    if ('set' in body) {
      const at = typeof body.set === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(body.set) ? Date.parse(body.set) : NaN;
      if (Number.isNaN(at)) throw new AdminError(400, 'validation_failed', '"set" must be an ISO 8601 date-time, e.g. 2027-07-01T00:00:00Z');
      if (!clockInRange(at)) throw new AdminError(400, 'validation_failed', `"set" is out of range: ${CLOCK_RANGE_RULE}`);
      await session.clock.set(at);
    } else {
      const seconds = body.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || Math.abs(seconds) > 100 * 365 * 86400) {
        throw new AdminError(400, 'validation_failed', '"advanceSeconds" must be a finite number of seconds');
      }
      await session.clock.refresh?.();
      if (!clockInRange(session.clock.now() + seconds * 1000)) throw new AdminError(400, 'validation_failed', `"advanceSeconds" is out of range: ${CLOCK_RANGE_RULE}`);
      await session.clock.advance(seconds);
    }
    res.json(clockView(session));
  });

  router.get('/keys', async (req, res) => {
    const session = sessionOf(req);
    await keyChanges.refresh();
    res.json(await Promise.all(keys.list().map((k) => keyView(k, session))));
  });
  router.post('/keys', async (req, res) => {
    const { record, problems } = parseNewKey(objectBody(req), keys.plans);
    if (!record) throw new AdminError(400, 'validation_failed', problems.join('; '));
    try {
      await keyChanges.add(record);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new AdminError(409, 'key_exists', error.message);
      throw error;
    }
    res.status(201).location(`/__admin/keys/${encodeURIComponent(record.key)}`).json(await keyView(record, sessionOf(req)));
  });
  router.get('/keys/:key', async (req, res) => {
    res.json(await keyView(await knownKey(req), sessionOf(req)));
  });
  router.delete('/keys/:key', async (req, res) => {
    await keyChanges.remove((await knownKey(req)).key);
    res.status(204).end();
  });
  router.post('/keys/:key/ban', async (req, res) => {
    const record = await knownKey(req);
    const session = sessionOf(req);
    await session.clock.refresh?.();
    const now = session.clock.now();
    await session.limits.ban(keySubject(record.key), now + config.bans.banSeconds * 1000, now);
    res.json(await keyView(record, session));
  });
  router.post('/keys/:key/unban', async (req, res) => {
    const record = await knownKey(req);
    const session = sessionOf(req);
    await session.limits.unban(keySubject(record.key));
    res.json(await keyView(record, session));
  });

  router.get('/faults', async (req, res) => {
    res.json(await sessionOf(req).faults.list());
  });
  router.post('/faults', async (req, res) => {
    const { fault, problems } = parseFault(objectBody(req));
    if (!fault) throw new AdminError(400, 'validation_failed', problems.join('; '));
    await sessionOf(req).faults.add(fault);
    res.status(201).json(fault);
  });
  router.delete('/faults', async (req, res) => {
    await sessionOf(req).faults.clear();
    res.status(204).end();
  });

  router.get('/latency', async (req, res) => {
    res.json(await sessionOf(req).latency.list());
  });
  router.post('/latency', async (req, res) => {
    const { rule, problems } = parseLatencyRule(objectBody(req));
    if (!rule) throw new AdminError(400, 'validation_failed', problems.join('; '));
    await sessionOf(req).latency.add(rule);
    res.status(201).json(rule);
  });
  router.delete('/latency', async (req, res) => {
    await sessionOf(req).latency.clear();
    res.status(204).end();
  });

  // Webhooks (INTERFACE.md section 19): subscribers of this session, and sending one now.
  const webhookOf = (req: Request) => {
    const name = String(req.params.name);
    if (!setup.outgoing.webhooks.has(name)) throw new AdminError(404, 'not_found', `The document declares no webhook "${name.slice(0, 100)}" (webhooks: ${[...setup.outgoing.webhooks.keys()].join(', ') || 'none'})`);
    return name;
  };
  router.get('/webhooks/:name/subscribers', async (req, res) => {
    res.json(await setup.outgoing.subscribers(sessionOf(req), webhookOf(req)));
  });
  router.post('/webhooks/:name/subscribers', async (req, res) => {
    const name = webhookOf(req);
    const url = objectBody(req).url;
    if (typeof url !== 'string') throw new AdminError(400, 'validation_failed', 'Send {"url": "http://127.0.0.1:PORT/path"}');
    const refused = await setup.outgoing.subscribe(sessionOf(req), name, url);
    if (refused) throw new AdminError(400, 'validation_failed', refused);
    res.status(201).json({ webhook: name, url });
  });
  router.post('/webhooks/:name', async (req, res) => {
    const name = webhookOf(req);
    const deliveries = await setup.outgoing.send(sessionOf(req), name, req.body === undefined || (typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) && Object.keys(req.body).length === 0 && !req.headers['content-length']) ? undefined : req.body);
    res.json({ webhook: name, deliveries });
  });

  router.get('/operations', (_req, res) => {
    res.json(setup.plan.lines);
  });

  router.get('/requests', async (req, res) => {
    const lines = await sessionOf(req).journal.list();
    if (req.query.format === 'har') {
      res.type('application/json').send(JSON.stringify(journalAsHar(lines, `${req.protocol}://${req.get('host') ?? 'localhost'}`)));
      return;
    }
    if (req.query.format !== undefined && req.query.format !== 'json') throw new AdminError(400, 'validation_failed', '"format" is json (the default) or har');
    // The kept headers and bodies are for the HAR: the JSON listing stays one short line per request.
    res.json(lines.map(({ exchange: _exchange, ...line }) => line));
  });

  router.use((req, _res, next) => next(new AdminError(404, 'not_found', `No control endpoint at ${req.method} /__admin${req.path.slice(0, 200)}`)));
  router.use(adminErrorHandler(onInternalError));
  return router;
}

/** express.json() answers a declared length over its limit only once the whole body has arrived: this answers at once. */
function bodyLimit(limit: number, shown: string) {
  return (req: Request, _res: Response, next: NextFunction) => next(Number(req.headers['content-length']) > limit ? new AdminError(413, 'payload_too_large', `The request body is over ${shown}`) : undefined);
}

/** A body nested past MAX_JSON_DEPTH is refused here as the API refuses it (src/core/json-depth.ts). */
function notTooDeep(req: Request, _res: Response, next: NextFunction): void {
  next(valueNestsDeeperThan(req.body) ? new AdminError(400, 'validation_failed', `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`) : undefined);
}

function objectBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AdminError(400, 'validation_failed', 'The body must be a JSON object');
  return body as Record<string, unknown>;
}

/**
 * Without an admin token, the control API answers local tools and local pages only: a connection
 * from this machine (the peer address, which a client cannot choose, decision 046), a `Host` that
 * names this machine (or the address given with --host) and, from a browser, a loopback `Origin`.
 * Otherwise any web page the developer visits could reset data or ban keys with a simple
 * cross-site POST, DNS rebinding could reach it under a foreign host name
 * (docs/decisions/011-hostile-input.md), and a mock bound to every interface (`--host 0.0.0.0`,
 * an Express app's `app.listen(3000)`) would obey anyone on the network sending `Host: 127.0.0.1`.
 * With --admin-token the token decides instead.
 */
function onlyLocalCallers(listenHost: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const host = hostnameOf(`http://${req.headers.host ?? ''}`);
    const origin = req.headers.origin;
    const peerOk = isLocalPeer(req.socket.remoteAddress, req.socket.localAddress);
    const hostOk = host !== undefined && (isLoopback(host) || host === listenHost);
    const originOk = origin === undefined || isLoopbackOrigin(origin);
    next(peerOk && hostOk && originOk ? undefined : new AdminError(403, 'forbidden', 'The control API without --admin-token answers only this machine (a connection from it, a loopback Host, and from a browser a loopback Origin); start the mock with --admin-token to reach it from elsewhere'));
  };
}

function requireToken(token: string) {
  const expected = createHash('sha256').update(token).digest();
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    // Compare digests of equal length in constant time: neither length nor content leaks.
    const ok = timingSafeEqual(createHash('sha256').update(given).digest(), expected);
    next(ok ? undefined : new AdminError(401, 'unauthorized', 'The control API needs Authorization: Bearer <admin token>'));
  };
}

function adminErrorHandler(onInternalError: (error: unknown, req: Request) => void) {
  // Express finds an error handler by its four parameters.
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (answerAdminError(error, res) === 500) onInternalError(error, req);
  };
}

/** Answers the error in section 6's shape; returns the status sent. */
function answerAdminError(error: unknown, res: Response): number {
  let status = 500;
  let code = 'internal_error';
  let message = 'Internal error';
  if (error instanceof StoreUnavailableError) error = storeUnavailable();
  if (error instanceof AdminError) ({ status, code, message } = error);
  else if (error instanceof ApiError) ({ status, code, message } = error);
  else if (isClientHttpError(error)) {
    // body-parser's errors (with a `type`), Express's for a malformed percent-encoding in a
    // parameter, zlib's for a body that is not what its Content-Encoding says.
    status = error.status;
    code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'validation_failed';
    message = status === 400 ? ('type' in error ? 'Malformed JSON in the request body' : 'The request could not be read (a malformed path or body encoding)') : error.message;
  }
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  if (status === 503) res.setHeader('Retry-After', '1');
  // The rest of a body over the limit is not read: the connection cannot carry another request.
  if (status === 413) res.setHeader('Connection', 'close');
  const details = error instanceof ApiError ? error.details : undefined;
  res.status(status).json(details && details.length > 0 ? { code, message, status, details } : { code, message, status });
  return status;
}

/** An http-errors style error (`status` 400..499), as Express and body-parser raise them. */
function isClientHttpError(error: unknown): error is { status: number; message: string } {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status < 500;
}
