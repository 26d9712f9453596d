export { petstoreMock, type PetstoreMockOptions, type PetstoreMiddleware } from './petstore-mock.js';
export type { MockControls, ClockView } from '../mock-controls.js';
