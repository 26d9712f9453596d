/** The event created on the museum document; a non-ASCII location. */
export const MUSEUM_EVENT = { name: 'Mermaid Treasure', location: 'Under the seaaa 🦀 🎶 🌊.', eventDescription: 'Thingamabobs.', dates: ['2023-09-05'], price: 0 };

export interface MuseumAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
}

/**
 * List, read, create, read back and a binary answer on the museum document at `base`: run in the
 * page against the service worker, and by the test against `petstore-kit mock --spec`.
 */
export async function museumSteps(base: string): Promise<MuseumAnswer[]> {
  const auth = { Authorization: `Basic ${btoa('frontend:secret')}` };
  const answers: MuseumAnswer[] = [];
  const call = async (path: string, body?: unknown) => {
    const init = body === undefined ? { headers: auth } : { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    const res = await fetch(base + path, init);
    const contentType = res.headers.get('content-type');
    const answer = { status: res.status, contentType, body: contentType?.includes('json') ? await res.json() : [...new Uint8Array(await res.arrayBuffer())] };
    answers.push(answer);
    return answer.body as any;
  };
  const listed = await call('/special-events?limit=1');
  await call(`/special-events/${listed[0].eventId}`);
  const created = await call('/special-events', MUSEUM_EVENT);
  await call(`/special-events/${created.eventId}`);
  await call(`/tickets/${created.eventId}/qr`);
  return answers;
}
