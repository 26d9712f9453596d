// The page of the browser test: the MSW handlers under setupWorker (the bundled Petstore, the
// museum document fetched by URL, a document with a key in a cookie), then pets, events and notes
// created and read through fetch; what it shows is what the test asserts.
import { setupWorker } from 'msw/browser';
import { createHandlers } from '../../../../src/adapters/msw/index.js';
import { museumSteps } from './museum-steps.js';

// The repository's tsconfig has no DOM library (it is a Node project): the little used here, declared.
declare const document: { getElementById(id: string): { textContent: string | null } | null; cookie: string };
declare const navigator: { serviceWorker: { controller: object | null } };

const out = document.getElementById('out')!;
const headers = { 'X-API-Key': 'demo-pro', 'Content-Type': 'application/json' };

async function run(): Promise<unknown> {
  const { handlers } = await createHandlers({ baseUrl: '/api', seed: 2 });
  // A third-party document as a frontend would pass it: the URL of a YAML file its dev server serves.
  const museum = await createHandlers({ spec: '/documents/museum.yaml', baseUrl: '/museum', seed: 2 });
  const notes = await createHandlers({ spec: COOKIE_DOCUMENT, baseUrl: '/notes' });
  const worker = setupWorker(...handlers, ...museum.handlers, ...notes.handlers);
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
    museum: await museumSteps('/museum'),
    cookie: await cookieKey(),
  };
}

/** An API key in a cookie, among the page's other cookies (MSW adds them to the request one by one). */
const COOKIE_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  components: { securitySchemes: { Sid: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
  security: [{ Sid: [] }],
  paths: {
    '/notes/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: { '200': { description: 'a note', content: { 'application/json': { example: { id: 7, text: 'hello' } } } }, '401': { description: 'no key' } },
      },
    },
  },
};

async function cookieKey(): Promise<number[]> {
  const statuses = [(await fetch('/notes/notes/7')).status];
  document.cookie = 'theme=dark; path=/';
  document.cookie = 'sid=s3cret; path=/';
  document.cookie = 'lang=en; path=/';
  statuses.push((await fetch('/notes/notes/7')).status);
  return statuses;
}

run().then(
  (result) => (out.textContent = JSON.stringify(result)),
  (error: Error) => (out.textContent = `error: ${error.stack ?? String(error)}`),
);
