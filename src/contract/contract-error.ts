/**
 * The run could not be made: bad options, an unreadable document, a target that does not answer.
 * The CLI prints `message` on one line and exits 2; a failing contract is never this error.
 */
export class ContractRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractRunError';
  }
}
