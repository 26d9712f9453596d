import { formatBehaviourLines } from '../engine/select-behaviours.js';
import type { RunningMock } from '../http/start-mock.js';
import type { MockSetup } from '../mock/create-mock-setup.js';
import { credentialPlacement } from '../spec/security.js';
import { serverBasePath } from '../spec/server-base-path.js';

/** Keys listed by name at start; the rest are counted. */
export const KEYS_SHOWN = 25;

/** What `npm start` prints: where the mock is, the keys to use, and a first request to try. */
export function startupBanner(mock: RunningMock, seed: number, watching = false): string {
  const all = mock.setup.keys.list();
  // A config of 130k keys once overflowed the stack here (Math.max over a spread) after the mock
  // was listening; a banner of 130k lines would not be read either.
  const keys = all.slice(0, KEYS_SHOWN);
  const security = mock.setup.security.of(undefined);
  const placement = credentialPlacement(security);
  const width = (values: string[]) => values.reduce((max, v) => Math.max(max, v.length), 0);
  const [keyW, planW, minW, dayW] = [width(keys.map((k) => k.key)), width(keys.map((k) => k.plan)), width(keys.map((k) => String(k.perMinute))), width(keys.map((k) => String(k.perDay)))];
  const rows = keys.map(
    (k) => `  ${k.key.padEnd(keyW)}  ${k.plan.padEnd(planW)}  ${String(k.perMinute).padStart(minW)}/min  ${String(k.perDay).padStart(dayW)}/day  ${k.scope}`,
  );
  if (all.length > keys.length) rows.push(`  ... and ${all.length - keys.length} more (GET ${mock.url}/__admin/keys lists them all)`);
  return [
    '',
    `petstore-kit mock serving ${mock.setup.index.operations.length} operations of ${mock.setup.loaded.file}`,
    `  ${mock.url}   (seed ${seed}; control API at ${mock.url}/__admin)`,
    ...servedBelow(mock),
    ...(mock.setup.backend.description === 'memory' ? [] : [`  state shared through ${mock.setup.backend.description}`]),
    ...(watching ? [`  watching ${mock.setup.loaded.file} and the files it $refs: a save reloads the document`] : []),
    ...documentWarnings([...mock.setup.loaded.warnings, ...mock.setup.index.notes, ...mock.setup.plan.lines.flatMap((l) => (l.note ? [`${l.method} ${l.path}: ${l.note}`] : []))]),
    '',
    ...operationLines(mock.setup),
    '',
    `API keys (${placement ? `send as ${placement}` : 'the document asks for no credential at its top level'}):`,
    ...rows,
    ...(mock.setup.auth.mode === 'any-credential' ? [`  any other non-empty credential passes too (--auth any-credential), on the ${mock.setup.auth.defaultPlan} plan; one that begins with 'invalid' is refused (401)`] : []),
    '',
    'Try:',
    `  ${tryCommand(mock, 'demo-pro')}`,
    '',
    '',
  ].join('\n');
}

/** The document's server path, where every operation answers too (INTERFACE section 15). */
function servedBelow(mock: RunningMock): string[] {
  const basePath = serverBasePath(mock.setup.loaded.document);
  return basePath ? [`  ${mock.url}${basePath}   (the document's server path: every operation answers there and at the root)`] : [];
}

/** How each operation is served, as start-up and each `--watch` reload print it. */
export function operationLines(setup: MockSetup): string[] {
  return ['Operations (behaviour chosen at load; also GET /__admin/operations):', ...formatBehaviourLines(setup.plan.lines).map((line) => `  ${line}`)];
}

/**
 * A first request to try: the first GET without path parameters (with `?limit=3` when it pages
 * by limit), else the first GET, with `key` where that operation's own security wants it.
 */
function tryCommand(mock: RunningMock, key: string): string {
  const reads = mock.setup.index.operations.filter((op) => op.method === 'get');
  const operation = reads.find((op) => !op.path.includes('{')) ?? reads[0];
  if (!operation) return `curl -s '${mock.url}/'`;
  let path = operation.parameters.some((p) => p.in === 'query' && p.name === 'limit') ? `${operation.path}?limit=3` : operation.path;
  const security = mock.setup.security.of(operation);
  const options: string[] = [];
  for (const scheme of security.isPublic ? [] : (security.alternatives[0] ?? [])) {
    if (scheme.kind === 'bearer') options.push(`-H 'Authorization: Bearer ${key}'`);
    else if (scheme.kind === 'basic') options.push(`-u 'user:${key}'`);
    else if (scheme.kind === 'authorization') options.push(`-H 'Authorization: ${scheme.authScheme ?? 'Bearer'} ${key}'`);
    else if (scheme.in === 'header') options.push(`-H '${scheme.name}: ${key}'`);
    else if (scheme.in === 'cookie') options.push(`-b '${scheme.name}=${key}'`);
    else path += `${path.includes('?') ? '&' : '?'}${encodeURIComponent(scheme.name)}=${encodeURIComponent(key)}`;
  }
  return ['curl -s', ...options, `'${mock.url}${path}'`].join(' ');
}

/** What loading ignored rather than refused (unknown keys, extensions not followed), the first few. */
function documentWarnings(warnings: readonly string[]): string[] {
  if (warnings.length === 0) return [];
  const shown = warnings.slice(0, 10).map((w) => `  note: ${w}`);
  if (warnings.length > shown.length) shown.push(`  ... and ${warnings.length - shown.length} more notes`);
  return ['', 'Document notes (ignored, not refused):', ...shown];
}
