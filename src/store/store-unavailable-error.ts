/**
 * The shared store (Redis) did not answer: down, unreachable, connection lost. Answered 503
 * `store_unavailable` with `Retry-After: 1`. Kept apart from the Redis client so the engine can
 * recognise it without importing a Node-only library.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
