// A builder's Express server with the BFF mounted under /api (before any body parser), as installed
// from the tarballs.
import { getRequestListener } from '@hono/node-server';
import { createBff } from '@splice/bff';
import express from 'express';
import { announce, bffOptions } from './host-options.mjs';

const bff = createBff(bffOptions());
const app = express();
app.disable('x-powered-by');
app.use('/api', getRequestListener(bff.fetch));
app.use(express.json());
app.get('/', (_req, res) => {
  res.type('text').send('host (Express)');
});
const server = app.listen(0, '127.0.0.1');
server.once('listening', () => announce(server, () => bff.close()));
