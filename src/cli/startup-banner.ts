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
    'API keys (send as X-API-Key):',
    ...rows,
    '',
    'Try:',
    `  curl -s -H 'X-API-Key: demo-pro' '${mock.url}/pets?limit=3'`,
    '',
    '',
  ].join('\n');
}
