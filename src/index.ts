export { ApiError, ERROR_STATUS, type ErrorBody, type ErrorCode } from './core/errors.js';
export { loadDocument, type LoadedDocument } from './spec/load-document.js';
export { buildOperationIndex, type Operation, type OperationIndex } from './spec/operation-index.js';
export { SpecError } from './spec/spec-error.js';
