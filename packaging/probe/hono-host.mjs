// A builder's Hono server with the BFF mounted under /api, as installed from the tarballs.
import { serve } from '@hono/node-server';
import { createBff } from '@splice/bff';
import { Hono } from 'hono';
import { announce, bffOptions } from './host-options.mjs';

const bff = createBff(bffOptions());
const app = new Hono().get('/', (c) => c.text('host (Hono)')).route('/api', bff);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
server.once('listening', () => announce(server, () => bff.close()));
