import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const NOTES_DOCUMENT = fileURLToPath(new URL('../fixtures/runner/notes-api.yaml', import.meta.url));
export const NOTES_TOKEN = 'notes-token-0123456789';

export interface NotesServer {
  url: string;
  notes: Map<string, { key: string; title: string; body?: string }>;
  /** Comments by `noteKey/commentId`; a note's go with it. */
  comments: Map<string, { id: number; text: string }>;
  /** Every request as `METHOD path authorization?`, to see what the runner sent. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A correct implementation of test/fixtures/runner/notes-api.yaml over node:http, nothing more
 * (unless a `defect` is asked for, to show the runner still finds one).
 * Like many real APIs it also sends headers the document does not declare (an
 * `X-RateLimit-Reset` in seconds from now): the runner must not judge them by the Petstore's rules.
 */
export async function startNotesServer(options: { defect?: 'auth-not-enforced' | 'delete-not-effective' } = {}): Promise<NotesServer> {
  const notes = new Map<string, { key: string; title: string; body?: string }>();
  const comments = new Map<string, { id: number; text: string }>();
  let lastCommentId = 0;
  const requests: NotesServer['requests'] = [];
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, 500, { status: 'error', message: 'internal' }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization });
    res.setHeader('X-RateLimit-Limit', '1000');
    res.setHeader('X-RateLimit-Reset', '60');
    const text = await readBody(req);
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    if (url.pathname === '/health') {
      res.setHeader('Allow', 'GET');
      return send(res, 405, { status: 'error', message: 'method not allowed' });
    }
    const item = /^\/notes\/([^/]+)$/.exec(url.pathname);
    const nested = /^\/notes\/([^/]+)\/comments(?:\/([^/]+))?$/.exec(url.pathname);
    if (url.pathname !== '/notes' && !item && !nested) return send(res, 404, { status: 'error', message: 'no such path' });
    if (req.headers.authorization !== `Bearer ${NOTES_TOKEN}` && options.defect !== 'auth-not-enforced') {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return send(res, 401, { status: 'error', message: 'a bearer token is required' });
    }
    if (url.pathname === '/notes' && req.method === 'POST') {
      const problem = invalidNewNote(req.headers['content-type'], text);
      if (problem) return send(res, 400, { status: 'error', message: problem });
      const { title, body } = JSON.parse(text) as { title: string; body?: string };
      const note = { key: randomUUID(), title, ...(body === undefined ? {} : { body }) };
      notes.set(note.key, note);
      return send(res, 201, note);
    }
    if (nested) return commentsOf(req, res, nested[1]!, nested[2], text);
    const note = item ? notes.get(decodeURIComponent(item[1]!)) : undefined;
    if (item && (req.method === 'GET' || req.method === 'DELETE')) {
      if (!note) return send(res, 404, { status: 'error', message: 'no such note' });
      if (req.method === 'GET') return send(res, 200, note);
      if (options.defect !== 'delete-not-effective') {
        notes.delete(note.key);
        for (const key of comments.keys()) if (key.startsWith(`${note.key}/`)) comments.delete(key);
      }
      res.writeHead(204).end();
      return;
    }
    // RFC 9110 section 15.5.6: a 405 names the methods the resource has.
    res.setHeader('Allow', item ? 'GET, DELETE' : 'POST');
    return send(res, 405, { status: 'error', message: 'method not allowed' });
  }

  function commentsOf(req: IncomingMessage, res: ServerResponse, rawKey: string, rawId: string | undefined, text: string): void {
    const noteKey = decodeURIComponent(rawKey);
    if (!notes.has(noteKey)) return send(res, 404, { status: 'error', message: 'no such note' });
    if (rawId === undefined && req.method === 'POST') {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return send(res, 400, { status: 'error', message: 'the body is not JSON' });
      }
      const { text: words, ...rest } = (value ?? {}) as Record<string, unknown>;
      if (typeof words !== 'string' || words.length === 0 || Object.keys(rest).length > 0) return send(res, 400, { status: 'error', message: 'text must be a non-empty string, alone' });
      const comment = { id: ++lastCommentId, text: words };
      comments.set(`${noteKey}/${comment.id}`, comment);
      res.setHeader('Location', `/notes/${noteKey}/comments/${comment.id}`);
      return send(res, 201, comment);
    }
    const comment = rawId === undefined ? undefined : comments.get(`${noteKey}/${rawId}`);
    if (rawId === undefined || (req.method !== 'GET' && req.method !== 'DELETE')) {
      res.setHeader('Allow', rawId === undefined ? 'POST' : 'GET, DELETE');
      return send(res, 405, { status: 'error', message: 'method not allowed' });
    }
    if (!comment) return send(res, 404, { status: 'error', message: 'no such comment' });
    if (req.method === 'GET') return send(res, 200, comment);
    comments.delete(`${noteKey}/${comment.id}`);
    res.writeHead(204).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    notes,
    comments,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

function invalidNewNote(contentType: string | undefined, text: string): string | undefined {
  if (!contentType?.startsWith('application/json')) return 'the body must be JSON';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'the body must be an object';
  const { title, body, ...rest } = value as Record<string, unknown>;
  // Characters are code points, as the document's JSON Schema counts them (an emoji is one).
  if (typeof title !== 'string' || [...title].length < 1 || [...title].length > 100) return 'title must be a string of 1 to 100 characters';
  if (body !== undefined && typeof body !== 'string') return 'body must be a string';
  if (Object.keys(rest).length > 0) return `unknown field ${Object.keys(rest)[0]}`;
  return undefined;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
