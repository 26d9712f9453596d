import type { Operation } from '../spec/operation-index.js';
import type { Exchange } from './events.js';
import { refusalOf } from './polite-client.js';
import type { Credentials } from './request-template.js';

/** Answers to the run's credential, all 401 (or all 403), that stop the run: a wrong key shows in these. */
export const REFUSALS_TO_STOP = 5;

/**
 * Watches the first answers to requests that carry the run's credential (`--api-key`,
 * `--auth-basic`, `--header`) to operations that require one. When the first REFUSALS_TO_STOP of
 * them all answer 401 or 403, `refused` says so and the run stops (exit 2) instead of sending its
 * every case to fail the same way. One such answer of another status (429 aside) and the watch
 * stands down for the rest of the run: later 401s and 403s are the cases' business.
 */
export interface CredentialWatch {
  observe(kind: Credentials, operation: Operation, exchange: Exchange): void;
  /** The line the run stops with, once the credential is known refused. */
  readonly refused: string | undefined;
}

export function createCredentialWatch(): CredentialWatch {
  const statuses: number[] = [];
  let trusted = false;
  let refused: string | undefined;
  return {
    observe(kind, operation, exchange) {
      if (trusted || refused || kind !== 'api-key' || !requiresCredential(operation) || refusalOf(exchange)) return;
      const { status } = exchange.response;
      if (status !== 401 && status !== 403) {
        trusted = true;
        return;
      }
      statuses.push(status);
      if (statuses.length < REFUSALS_TO_STOP) return;
      const answered = statuses.every((s) => s === 401) ? '401' : statuses.every((s) => s === 403) ? '403' : '401 or 403';
      refused = `every request with the given credential answered ${answered}: check --api-key / --auth-basic / --header`;
    },
    get refused() {
      return refused;
    },
  };
}

/** Whether every alternative of the operation's security asks for a credential (`security: []` or `{}` does not). */
export function requiresCredential(operation: { security: readonly Record<string, unknown>[] }): boolean {
  return operation.security.length > 0 && operation.security.every((requirement) => Object.keys(requirement).length > 0);
}
