// The page of the browser test: the MSW handlers under setupWorker, then a pet created and read
// back through fetch; what it shows is what the test asserts.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../../src/adapters/msw/index.js';
import { MUSEUM_EVENT } from './museum-event.js';

// The repository's tsconfig has no DOM library (it is a Node project): the little used here, declared.
declare const document: { getElementById(id: string): { textContent: string | null } | null };
declare const navigator: { serviceWorker: { controller: object | null } };

const out = document.getElementById('out')!;
const headers = { 'X-API-Key': 'demo-pro', 'Content-Type': 'application/json' };

async function run(): Promise<unknown> {
  const { handlers } = await createHandlers({ baseUrl: '/api', seed: 2 });
  // A third-party document as a frontend would pass it: the URL of a YAML file its dev server serves.
  const museum = await createHandlers({ spec: '/documents/museum.yaml', baseUrl: '/museum', seed: 2 });
  const worker = setupWorker(...handlers, ...museum.handlers);
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
    museum: await museumRoundTrip(),
  };
}

/** The same steps the test takes against `petstore-kit mock --spec` on the museum document. */
async function museumRoundTrip(): Promise<unknown> {
  const auth = { Authorization: `Basic ${btoa('frontend:secret')}` };
  const answers: { status: number; contentType: string | null; body: unknown }[] = [];
  const call = async (path: string, init: { method?: string; body?: string } = {}) => {
    const res = await fetch(`/museum${path}`, { ...init, headers: init.body ? { ...auth, 'Content-Type': 'application/json' } : auth });
    const answer = { status: res.status, contentType: res.headers.get('content-type'), body: await res.json() };
    answers.push(answer);
    return answer.body as any;
  };
  const listed = await call('/special-events?limit=1');
  await call(`/special-events/${listed[0].eventId}`);
  const created = await call('/special-events', { method: 'POST', body: JSON.stringify(MUSEUM_EVENT) });
  await call(`/special-events/${created.eventId}`);
  return answers;
}

run().then(
  (result) => (out.textContent = JSON.stringify(result)),
  (error: Error) => (out.textContent = `error: ${error.stack ?? String(error)}`),
);
