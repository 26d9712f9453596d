// The least any forwarding proxy on Node does, for bench/proxy-cost.mjs: node:http in, one undici
// Pool of keep-alive connections out, the answer read whole and written back. No checks at all.
import { createServer } from 'node:http';
import { Pool } from 'undici';

const [port, upstream] = process.argv.slice(2);
const pool = new Pool(upstream, { connections: 256, pipelining: 1 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'host', 'transfer-encoding', 'content-length']);
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const answer = await pool.request({ path: req.url, method: req.method, headers: endToEnd(req.headers), body: chunks.length > 0 ? Buffer.concat(chunks) : null });
  const body = Buffer.from(await answer.body.arrayBuffer());
  res.writeHead(answer.statusCode, { ...endToEnd(answer.headers), 'content-length': body.length });
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
