// The programmatic API of petstore-kit.
export { ApiError, ERROR_STATUS, type ErrorBody, type ErrorCode } from './core/errors.js';
export { ManualClock, ControllableClock, systemClock, type Clock } from './core/clock.js';
export { loadDocument, type LoadedDocument } from './spec/load-document.js';
export { buildOperationIndex, type Operation, type OperationIndex } from './spec/operation-index.js';
export { SpecError } from './spec/spec-error.js';

// The mock server.
export { startMock, DEFAULT_SPEC_FILE, type RunningMock, type StartMockOptions } from './http/start-mock.js';
export { AdminClient, type ClockView, type KeyView, type NewKeyInput } from './http/admin-client.js';
export { parseKeyConfig, parseKeyConfigText, ConfigError, type KeyConfig } from './rate-limit/key-config.js';
export type { Fault } from './mock/faults.js';
export type { JournalEntry } from './mock/journal.js';

// The contract runner.
export { runContract, type RunContractDeps } from './contract/run-contract.js';
export type { ContractOptionsInput } from './contract/options.js';
export { createReporters } from './reporting/create-reporters.js';
export type { CaseResult, Exchange, Failure, Reporter, RunEvent, RunSummary } from './contract/events.js';
