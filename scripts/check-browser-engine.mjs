// Build check (npm run build): bundles the environment-free engine for the browser and fails if
// anything in it imports a Node built-in, so a browser bundler (MSW's setupWorker) can take it.
// `node:` imports are marked external and looked for in the metafile; a bare one (`fs`) that a
// package's "browser" field does not replace fails the bundle, and esbuild's error names it.
// Either way the file that imports it is named. Prints the bundle's size, minified and gzipped.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';

const ENTRIES = process.argv.length > 2 ? process.argv.slice(2) : ['src/mock/create-engine.ts', 'src/adapters/msw/create-handlers.ts'];
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isNode = (path) => path.startsWith('node:') || builtins.has(path) || builtins.has(path.split('/')[0]);

let failed = false;
for (const entry of ENTRIES) {
  let result;
  try {
    result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: 'engine.js',
    external: ['node:*', 'msw', 'msw/*'],
  });
  } catch (error) {
    failed = true;
    const lines = (error.errors ?? [{ text: String(error) }]).map((e) => `${e.location?.file ?? '?'}: ${e.text}`);
    console.error(`check-browser-engine: ${entry} cannot be bundled for the browser:\n  ${lines.join('\n  ')}`);
    continue;
  }
  const found = [];
  for (const [file, input] of Object.entries(result.metafile.inputs)) {
    for (const imp of input.imports) if (isNode(imp.path)) found.push(`${file} imports ${imp.path}`);
    // The kit's own code must not lean on Node's globals either (dependencies test for them first).
    if (file.startsWith('src/')) {
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      for (const global of new Set(code.match(/\b(?:Buffer|process|__dirname|require)\b(?=\s*[.(])/g) ?? [])) found.push(`${file} uses the Node global ${global}`);
    }
  }
  const code = result.outputFiles[0].contents;
  if (found.length > 0) {
    failed = true;
    console.error(`check-browser-engine: ${entry} reaches Node built-ins:\n  ${[...new Set(found)].join('\n  ')}`);
  } else {
    console.log(`check-browser-engine: ${entry}: no Node built-in; ${kib(code.length)} minified, ${kib(gzipSync(code).length)} gzipped`);
  }
}
if (failed) process.exit(1);

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}
