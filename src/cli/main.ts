#!/usr/bin/env node
import { runMockCommand, startupProblem } from './mock-command.js';

const USAGE = `usage: petstore-kit <command> [options]

commands:
  mock       serve the OpenAPI document as a stateful mock (petstore-kit mock --help)
  contract   replay the document against a live server (petstore-kit contract --help)
  proxy      forward to a real server, checking both directions (petstore-kit proxy --help)
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'mock') {
    const mock = await runMockCommand(rest);
    if (mock) stopOnSignal('finishing in-flight requests and stopping', () => mock.close().then(() => 0));
    return;
  }
  if (command === 'proxy') {
    const { runProxyCommand, ProxyUsageError, PROXY_USAGE } = await import('./proxy-command.js');
    try {
      const running = await runProxyCommand(rest);
      if (running) stopOnSignal('writing the reports and stopping', () => running.stop());
    } catch (error) {
      if (!(error instanceof ProxyUsageError)) throw error;
      process.stderr.write(`petstore-kit proxy: ${error.message}\n\n${PROXY_USAGE}`);
      process.exitCode = 2;
    }
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

/** On the first SIGTERM or SIGINT: say what happens, run `stop`, exit with the status it gives. */
function stopOnSignal(doing: string, stop: () => Promise<number>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`\n${signal}: ${doing}\n`);
    stop().then((status) => process.exit(status));
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const problem = startupProblem(error);
  process.stderr.write(`petstore-kit: ${problem ?? `unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`);
  process.exitCode = 2;
});
