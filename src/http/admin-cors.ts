import type { NextFunction, Request, Response } from 'express';
import { isLoopbackOrigin } from './is-loopback.js';

const ADMIN_METHODS = 'GET, HEAD, POST, DELETE';
/** The request headers the control API reads. */
const ADMIN_REQUEST_HEADERS = 'Authorization, Content-Type, X-Mock-Session';

/**
 * CORS of `/__admin`: a page served from this machine (a loopback Origin, any port) may drive the
 * control API, as decision 011 promises; no other origin is allowed to read its answers. A
 * preflight from a loopback origin is answered here, before the Host, Origin and token checks:
 * a preflight carries no credentials and grants nothing, and the real request meets every check.
 * A preflight from any other origin goes on to those checks and is refused without CORS headers.
 */
export function adminCors(req: Request, res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!isLoopbackOrigin(origin)) {
    next();
    return;
  }
  res.setHeader('Access-Control-Allow-Origin', origin!);
  res.setHeader('Access-Control-Expose-Headers', 'Location, WWW-Authenticate');
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': ADMIN_METHODS,
      'Access-Control-Allow-Headers': ADMIN_REQUEST_HEADERS,
      'Access-Control-Max-Age': '600',
    }).end();
    return;
  }
  next();
}
