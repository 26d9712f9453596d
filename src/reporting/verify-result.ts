/** What `verify` found in a HAR: the reporters' input (src/reporting/verify-report.ts), made by src/proxy/verify-har.ts. */

/** Failures with the same check, operation and location: one problem, listing the exchanges that show it. */
export interface VerifyProblem {
  check: string;
  operation: string;
  location: string;
  message: string;
  /** `#3 POST /pets -> 201`, 1-based in the HAR's order. */
  exchanges: string[];
}

export interface VerifyResult {
  exchanges: number;
  /** Exchanges with at least one failure. */
  broken: number;
  problems: VerifyProblem[];
}
