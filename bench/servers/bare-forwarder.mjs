// The least any forwarding proxy on Node does, for bench/proxy-cost.mjs: node:http in, one undici
// Pool of keep-alive connections out through its dispatch callbacks (no response stream, as the
// proxy does since decision 033's second round), the answer read whole and written back. No checks.
import { createServer } from 'node:http';
import { Pool, util } from 'undici';

const [port, upstream] = process.argv.slice(2);
const pool = new Pool(upstream, { connections: 256, pipelining: 1 });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'host', 'transfer-encoding', 'content-length']);
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let status = 0;
  let headers = {};
  const body = [];
  pool.dispatch(
    { path: req.url, method: req.method, headers: endToEnd(req.headers), body: chunks.length > 0 ? Buffer.concat(chunks) : null },
    {
      onConnect() {},
      onHeaders(statusCode, raw) {
        status = statusCode;
        headers = endToEnd(util.parseHeaders(raw));
        return true;
      },
      onData(chunk) {
        body.push(chunk);
        return true;
      },
      onComplete() {
        const bytes = Buffer.concat(body);
        res.writeHead(status, { ...headers, 'content-length': bytes.length });
        res.end(bytes);
      },
      onError(err) {
        res.destroy(err);
      },
    },
  );
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
