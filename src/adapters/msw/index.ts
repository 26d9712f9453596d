export { createHandlers, type HandlersOptions, type MockHandlers, type PetstoreHandlers } from './create-handlers.js';
export type { MockControls, ClockView } from '../mock-controls.js';
export type { SpecSource } from '../resolve-spec.js';
