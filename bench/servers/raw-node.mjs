// Baseline: node:http answering fixed JSON, the ceiling for any Node server on this machine.
import { createServer } from 'node:http';

const pet = JSON.stringify({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
const page = JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' })));
createServer((req, res) => {
  if (req.method === 'POST') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      const json = JSON.stringify({ id: 51, ...body, status: 'available' });
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json), Location: '/pets/51' }).end(json);
    });
    return;
  }
  const json = req.url.startsWith('/pets?') ? page : pet;
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) }).end(json);
}).listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\n'));
