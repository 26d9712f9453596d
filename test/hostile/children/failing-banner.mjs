// `petstore-kit mock` whose banner cannot be written: start-up fails after the mock is listening.
// Handles the rejection as dist/cli/main.js does (message, exit code 2) and leaves the rest to
// the event loop, so the process ends only if nothing is left listening.
const { runMockCommand } = await import(new URL('../../../dist/cli/mock-command.js', import.meta.url).href);

const brokenOut = { write() { throw new Error('stdout is gone'); } };
runMockCommand(['--port', '0'], brokenOut, process.stderr).then(
  () => process.stderr.write('started\n'),
  (error) => {
    process.stderr.write(`petstore-kit: ${error.message}\n`);
    process.exitCode = 2;
  },
);
