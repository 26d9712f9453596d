import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyRequest {
  method: string;
  /** Path and query, as received. */
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
}

export interface ProxyResponse {
  status: number;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
}

/** One deliberate contract defect, and the check of the runner that must catch it. */
export interface Defect {
  name: string;
  caughtBy: string;
  description: string;
  /** What the run needs to meet the defect (the rate-limit case, say). */
  run?: { includeRateLimit?: boolean; operations?: string[] };
  /** Rewrite the request before it goes upstream, or answer it here (through `forward` when it needs the upstream). */
  onRequest?(request: ProxyRequest, forward: (request: ProxyRequest) => Promise<ProxyResponse>): ProxyRequest | ProxyResponse | Promise<ProxyRequest | ProxyResponse>;
  /** Rewrite the upstream's answer. */
  onResponse?(response: ProxyResponse, request: ProxyRequest): ProxyResponse;
}

export interface DefectProxy {
  url: string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'content-encoding', 'accept-encoding']);

/**
 * A small HTTP proxy on 127.0.0.1 (ephemeral port) in front of `upstream` that injects one defect
 * into what passes through; without a defect it passes everything unchanged.
 */
export async function startDefectProxy(upstream: string, defect?: Defect): Promise<DefectProxy> {
  const base = upstream.replace(/\/+$/, '');
  const forward = async (request: ProxyRequest): Promise<ProxyResponse> => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
    const init: RequestInit = { method: request.method, headers, redirect: 'manual' };
    if (request.body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
    const answer = await fetch(`${base}${request.path}`, init);
    const responseHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name.toLowerCase())) responseHeaders[name.toLowerCase()] = value;
    });
    return { status: answer.status, headers: responseHeaders, body: await answer.text() };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    let request: ProxyRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body: Buffer.concat(chunks).toString('utf8') };
    let response: ProxyResponse;
    const rewritten = defect?.onRequest ? await defect.onRequest(request, forward) : request;
    if ('status' in rewritten) {
      response = rewritten;
    } else {
      request = rewritten;
      response = await forward(request);
    }
    if (defect?.onResponse) response = defect.onResponse(response, request);
    res.writeHead(response.status, response.headers);
    res.end(request.method === 'HEAD' || response.status === 204 ? undefined : response.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`defect proxy: ${(err as Error).message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
