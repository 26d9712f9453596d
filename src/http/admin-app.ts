import express, { type Express } from 'express';
import type { MockSetup } from '../mock/create-mock-setup.js';
import { adminCors } from './admin-cors.js';
import { createAdminRouter } from './admin-router.js';
import type { Logger } from './request-log.js';

/**
 * The control API (`/__admin`) as an Express app. Loaded on its first request (create-app.ts):
 * importing Express costs more CPU than starting most documents' mocks (issue 27, decision 082).
 */
export function createAdminApp(setup: MockSetup, adminToken: string | undefined, host: string | undefined, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(adminCors);
  app.use('/__admin', createAdminRouter(setup, adminToken, host, (error, req) => logger.error(`petstore-kit: internal error on ${req.method} /__admin${req.path.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`)));
  return app;
}
