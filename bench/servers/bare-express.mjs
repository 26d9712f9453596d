// Baseline: Express 5 with express.json(), answering fixed JSON (what "nearly as fast as Express" means).
import express from 'express';

const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
const page = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' }));
const app = express();
app.disable('x-powered-by');
app.get('/pets', (_req, res) => res.json(page));
app.get('/pets/:petId', (_req, res) => res.json(pet));
app.post('/pets', express.json(), (req, res) => res.status(201).location('/pets/51').json({ id: 51, ...req.body, status: 'available' }));
// The other paths of the mixed workload, so every server answers every request 2xx.
app.get('/categories', (_req, res) => res.json([{ id: 1, name: 'dog' }]));
app.get('/store/orders', (_req, res) => res.json([{ id: 1, petId: 1, quantity: 1, shipDate: '2026-11-01T00:00:00Z', complete: false }]));
app.get('/store/inventory/:petId', (_req, res) => res.json({ petId: 1, quantity: 5, status: 'available' }));
app.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write('ready\n'));
