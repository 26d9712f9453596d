import type { RunningMock } from '../http/start-mock.js';

/** What `npm start` prints: where the mock is, the keys to use, and a first request to try. */
export function startupBanner(mock: RunningMock, seed: number): string {
  const keys = mock.setup.keys.list();
  const width = Math.max(...keys.map((k) => k.key.length), 3);
  const rows = keys.map(
    (k) => `  ${k.key.padEnd(width)}  ${k.plan.padEnd(10)} ${String(k.perMinute).padStart(6)}/min ${String(k.perDay).padStart(9)}/day  ${k.scope}`,
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
