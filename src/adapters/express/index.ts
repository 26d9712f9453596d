export { createMiddleware, type MiddlewareOptions, type MockMiddleware, petstoreMock, type PetstoreMockOptions, type PetstoreMiddleware } from './create-middleware.js';
export type { MockControls, ClockView } from '../mock-controls.js';
