// The floor under every proxy, for bench/proxy-cost.mjs: bytes relayed between the client's TCP
// connection and one upstream connection of its own, with no HTTP parsing at all (so no
// validation, no headers, nothing a proxy is for). What it costs is the socket work alone.
import { connect, createServer } from 'node:net';

const [port, upstream] = process.argv.slice(2);
const { hostname, port: upstreamPort } = new URL(upstream);

createServer((client) => {
  const server = connect(Number(upstreamPort), hostname);
  client.setNoDelay(true);
  server.setNoDelay(true);
  client.pipe(server).pipe(client);
  const close = () => (client.destroy(), server.destroy());
  client.on('error', close).on('close', close);
  server.on('error', close).on('close', close);
}).listen(Number(port), '127.0.0.1');
