#!/usr/bin/env node
/** The `petstore-kit` command. Sub-commands land with their issues; none fails silently. */
const [command = 'help'] = process.argv.slice(2);

const usage = `petstore-kit <command>

commands:
  mock       serve spec/petstore.yaml as a stateful mock (not built yet)
  contract   replay the document against a live server (not built yet)
`;

if (command === 'help' || command === '--help' || command === '-h') {
  process.stdout.write(usage);
} else {
  process.stderr.write(`petstore-kit: '${command}' is not built yet in this version.\n\n${usage}`);
  process.exitCode = 2;
}
