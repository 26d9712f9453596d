#!/usr/bin/env node
import { runMockCommand, startupProblem } from './mock-command.js';

const USAGE = `usage: petstore-kit <command> [options]

commands:
  mock       serve the OpenAPI document as a stateful mock (petstore-kit mock --help)
  contract   replay the document against a live server (petstore-kit contract --help)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'mock') {
    const mock = await runMockCommand(rest);
    if (!mock) return;
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`\n${signal}: finishing in-flight requests and stopping\n`);
      mock.close().then(() => process.exit(0));
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));
    return;
  }
  if (command === 'contract') {
    const { runContractCli } = await import('./contract-command.js');
    process.exitCode = await runContractCli(rest);
    return;
  }
  process.stderr.write(`petstore-kit: unknown command '${command}'\n\n${USAGE}`);
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const problem = startupProblem(error);
  process.stderr.write(`petstore-kit: ${problem ?? `unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`);
  process.exitCode = 2;
});
