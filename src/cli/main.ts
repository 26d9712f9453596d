#!/usr/bin/env node
import { runMockCommand, startupProblem } from './mock-command.js';
import { stopOnSignal } from './stop-on-signal.js';

const USAGE = `usage: petstore-kit <command> [options]

commands:
  mock       serve the OpenAPI document as a stateful mock (petstore-kit mock --help)
  contract   replay the document against a live server (petstore-kit contract --help)
  proxy      forward to a real server, checking both directions (petstore-kit proxy --help)
  diff       what changed between two versions of a document, breaking first (petstore-kit diff --help)
  verify     check recorded traffic (a HAR) against a document (petstore-kit verify --help)

  -v, --version   the version of petstore-kit
  -h, --help      this text

examples:
  petstore-kit mock --spec api.yaml
  petstore-kit contract --base-url http://127.0.0.1:4010 --api-key demo-pro --reporter html
  petstore-kit proxy --upstream https://staging.example.com --reporter junit
`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${await packageVersion()}\n`);
    return;
  }
  if (command === 'mock') {
    // Listening on the signals before start-up: the banner (which tells a supervisor or a test the
    // mock is up) is printed while starting, and a SIGTERM right after it must still stop gracefully.
    const starting = runMockCommand(rest);
    stopOnSignal('finishing in-flight requests and stopping', starting.then((mock) => mock && (() => mock.close().then(() => 0))));
    await starting;
    return;
  }
  if (command === 'proxy') {
    const { runProxyCommand, ProxyUsageError, PROXY_USAGE } = await import('./proxy-command.js');
    try {
      const starting = runProxyCommand(rest);
      stopOnSignal('writing the reports and stopping', starting.then((running) => running && (() => running.stop())));
      await starting;
    } catch (error) {
      if (!(error instanceof ProxyUsageError)) throw error;
      process.stderr.write(`petstore-kit proxy: ${error.message}\n\n${PROXY_USAGE}`);
      process.exitCode = 2;
    }
    return;
  }
  if (command === 'diff') {
    const { runDiffCli } = await import('./diff-command.js');
    process.exitCode = await runDiffCli(rest);
    return;
  }
  if (command === 'verify') {
    const { runVerifyCli } = await import('./verify-command.js');
    process.exitCode = await runVerifyCli(rest);
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

/** The version in the package's own package.json (dist/cli/main.js is two folders below it). */
async function packageVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return (JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const problem = startupProblem(error);
  process.stderr.write(`petstore-kit: ${problem ?? `unexpected error: ${(error as Error)?.stack ?? String(error)}`}\n`);
  process.exitCode = 2;
});
