import { formatBehaviourLines } from '../engine/select-behaviours.js';
import type { RunningMock } from '../http/start-mock.js';

/** What `npm start` prints: where the mock is, the keys to use, and a first request to try. */
export function startupBanner(mock: RunningMock, seed: number): string {
  const keys = mock.setup.keys.list();
  const width = (values: string[]) => Math.max(...values.map((v) => v.length));
  const [keyW, planW, minW, dayW] = [width(keys.map((k) => k.key)), width(keys.map((k) => k.plan)), width(keys.map((k) => String(k.perMinute))), width(keys.map((k) => String(k.perDay)))];
  const rows = keys.map(
    (k) => `  ${k.key.padEnd(keyW)}  ${k.plan.padEnd(planW)}  ${String(k.perMinute).padStart(minW)}/min  ${String(k.perDay).padStart(dayW)}/day  ${k.scope}`,
  );
  return [
    '',
    `petstore-kit mock serving ${mock.setup.index.operations.length} operations of ${mock.setup.loaded.file}`,
    `  ${mock.url}   (seed ${seed}; control API at ${mock.url}/__admin)`,
    '',
    'Operations (behaviour chosen at load; also GET /__admin/operations):',
    ...formatBehaviourLines(mock.setup.plan.lines).map((line) => `  ${line}`),
    '',
    'API keys (send as X-API-Key):',
    ...rows,
    '',
    'Try:',
    `  curl -s -H 'X-API-Key: demo-pro' '${mock.url}${firstRead(mock)}'`,
    '',
    '',
  ].join('\n');
}

/** The first GET without path parameters (with `?limit=3` when it pages by limit), else the first GET. */
function firstRead(mock: RunningMock): string {
  const reads = mock.setup.index.operations.filter((op) => op.method === 'get');
  const plain = reads.find((op) => !op.path.includes('{')) ?? reads[0];
  if (!plain) return '/';
  return plain.parameters.some((p) => p.in === 'query' && p.name === 'limit') ? `${plain.path}?limit=3` : plain.path;
}
