import { ContractRunError } from '../contract/contract-error.js';
import { conforms } from '../contract/engine.js';
import type { Reporter } from '../contract/events.js';
import { normalizeOptions } from '../contract/options.js';
import { prepareRun, runNormalizedContract, type RunContractDeps } from '../contract/run-contract.js';
import { dryRunLines } from '../contract/dry-run.js';
import { checkListLines } from '../contract/checks/registry.js';
import { systemClock } from '../core/clock.js';
import { createReporters } from '../reporting/create-reporters.js';
import { CONTRACT_USAGE, parseContractArgs } from './contract-args.js';

export interface ContractCliIo {
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /** Builds the reporters `--reporter` names (the real ones by default). */
  createReporters?: (names: string[], outDir: string, stream: NodeJS.WritableStream) => Reporter[];
  /** Passed to the run (tests inject fetch, clock and sleep). */
  deps?: Omit<RunContractDeps, 'reporters'>;
}

/**
 * `petstore-kit contract ...`: parses the flags, runs, and returns the exit status: 0 every case
 * conforms, 1 some case does not, 2 the run could not be made (one line on stderr says why).
 */
export async function runContractCli(argv: string[], io: ContractCliIo = {}): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  try {
    const parsed = parseContractArgs(argv);
    if (parsed.help) {
      stdout.write(parsed.listChecks ? `${checkListLines().join('\n')}\n` : CONTRACT_USAGE);
      return 0;
    }
    const options = normalizeOptions(parsed.input);
    if (options.dryRun) {
      stdout.write(`${dryRunLines(await prepareRun(options, io.deps?.clock ?? systemClock)).join('\n')}\n`);
      return 0;
    }
    const reporters = (io.createReporters ?? createReporters)([...options.reporters], options.out, stdout);
    // The reporters take each case as it finishes: the run does not hold them all (decision 068).
    const summary = await runNormalizedContract(options, { ...io.deps, reporters, keepCases: false });
    return conforms(summary) ? 0 : 1;
  } catch (err) {
    if (err instanceof ContractRunError) {
      stderr.write(`petstore-kit contract: ${err.message}\n`);
      return 2;
    }
    stderr.write(`petstore-kit contract: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}
