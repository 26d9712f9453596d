// The page of the browser test: the MSW handlers under setupWorker, then a pet created and read
// back through fetch; what it shows is what the test asserts.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../../src/adapters/msw/index.js';

// The repository's tsconfig has no DOM library (it is a Node project): the little used here, declared.
declare const document: { getElementById(id: string): { textContent: string | null } | null };
declare const navigator: { serviceWorker: { controller: object | null } };

const out = document.getElementById('out')!;
const headers = { 'X-API-Key': 'demo-pro', 'Content-Type': 'application/json' };

async function run(): Promise<unknown> {
  const { handlers } = await createHandlers({ baseUrl: '/api', seed: 2 });
  const worker = setupWorker(...handlers);
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });
  const created = await fetch('/api/pets', { method: 'POST', headers, body: JSON.stringify({ name: 'Pixel', categoryId: 1, status: 'pending' }) });
  const pet = (await created.json()) as { id: number };
  const read = await fetch(`/api/pets/${pet.id}`, { headers });
  const anonymous = await fetch('/api/pets');
  return {
    created: created.status,
    location: created.headers.get('location'),
    read: read.status,
    pet: await read.json(),
    sameId: pet.id,
    remaining: read.headers.get('x-ratelimit-remaining'),
    anonymous: anonymous.status,
    controlled: navigator.serviceWorker.controller !== null,
  };
}

run().then(
  (result) => (out.textContent = JSON.stringify(result)),
  (error: Error) => (out.textContent = `error: ${error.stack ?? String(error)}`),
);
