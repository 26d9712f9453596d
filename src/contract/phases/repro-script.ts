import type { Exchange, Failure } from '../events.js';
import type { ContractOptions } from '../options.js';
import { bodyWithCaptures, captureFrom, pathWithCaptures, type Capture } from './repro-ids.js';

/** The environment variable each credential of the run becomes in a repro: never the key itself. */
function credentialVariables(options: ContractOptions): [string, string][] {
  const pairs: [string | undefined, string][] = [
    [options.apiKey, 'API_KEY'],
    [options.readonlyKey, 'READONLY_KEY'],
    [options.rateLimitKey, 'RATE_LIMIT_KEY'],
  ];
  return pairs.filter((p): p is [string, string] => typeof p[0] === 'string' && p[0].length > 0).sort((a, b) => b[0].length - a[0].length);
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Double-quoted for the shell, so that the `${API_KEY}` put in afterwards expands. */
const doubleQuote = (text: string) => `"${text.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;

/**
 * A runnable shell script for the requests of a shrunk failure: one curl per request, each
 * credential as an environment variable, ids the server made read from its answers (`Location`,
 * else the body's `id`) into variables so that the script replays on a fresh server, then the
 * check that failed and the command line that replays the case by its seed.
 */
export function reproScript(
  exchanges: readonly Exchange[],
  options: ContractOptions,
  replay: { phase: string; operationId: string; seed: number; maxExamples: number },
  failures: readonly Failure[] = [],
): string {
  const variables = credentialVariables(options);
  const swap = (text: string) => {
    let out = text;
    for (const [secret, name] of variables) for (const form of new Set([doubleQuote(secret).slice(1, -1), encodeURIComponent(secret)])) out = out.split(form).join(`\${${name}}`);
    return out;
  };
  const lines = ['#!/bin/sh', '# The shortest sequence that still fails, one curl per request; ids the server makes are read from its answers.',
    '# Set BASE_URL to replay it against another server (a fresh one reproduces it too).', `BASE_URL="${'${BASE_URL:-'}${doubleQuote(options.baseUrl).slice(1, -1).replace(/}/g, '\\}')}}"`];
  for (const [, name] of variables) lines.push(`: "\${${name}:?set ${name} to the key the run used}"`);
  const captures: Capture[] = [];
  for (const exchange of exchanges) {
    const { request, response } = exchange;
    const local = request.url.startsWith(options.baseUrl);
    const path = local ? request.url.slice(options.baseUrl.length) : request.url;
    const withIds = pathWithCaptures(path, captures);
    let url = swap(doubleQuote(withIds.text));
    for (const [token, variable] of withIds.swaps) url = url.split(token).join(`\${${variable}}`);
    const parts = [`curl -sS -i -X ${request.method}`, local ? `"$BASE_URL${url.slice(1)}` : url];
    for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${swap(doubleQuote(`${name}: ${value}`))}`);
    if (request.body !== undefined) parts.push(`--data-binary ${bodyWithCaptures(request.body, captures, quote)}`);
    lines.push(`# answered ${response.status}`, `R=$(${parts.join(' ')})`, `printf '%s\\n\\n' "$R"`);
    const capture = captureFrom(exchange, `ID_${captures.length + 1}`);
    if (capture) {
      captures.push(capture);
      lines.push(capture.extract);
    }
  }
  for (const failure of failures) {
    const detail = [failure.expected !== undefined ? `expected ${failure.expected}` : '', failure.actual !== undefined ? `got ${failure.actual}` : '', failure.location ? `at ${failure.location}` : ''].filter(Boolean).join(', ');
    lines.push(`# failed ${failure.check}: ${failure.message}${detail ? ` (${detail})` : ''}`.replace(/\n/g, ' '));
  }
  const keyFlags = variables.map(([, name]) => `--${name.toLowerCase().replace(/_/g, '-')} "$${name}"`).join(' ');
  lines.push(
    '# Replays the generated case with the same seed:',
    `# petstore-kit contract --base-url "$BASE_URL" ${keyFlags} --phases ${replay.phase} --operation ${replay.operationId} --seed ${replay.seed} --max-examples ${replay.maxExamples}`,
  );
  return lines.join('\n');
}
