import { serve } from '@hono/node-server';
import { createStandaloneApp } from './standalone-app.js';

/**
 * `pnpm --filter @splice/bff start` (development only): the BFF on its own, configured from the environment
 * (SPLICE_BASE_URL, SPLICE_SEARCH_URL, SPLICE_API_KEY, SPLICE_AUTH_TOKEN, SPLICE_PROJECT, PORT,
 * ALLOWED_ORIGINS, SESSION_SECRET).
 */
const port = Number(process.env.PORT ?? 8788);
const { app, close } = createStandaloneApp(process.env);
const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '127.0.0.1' }, (info) => {
  console.info(`Splice BFF listening on http://${info.address}:${info.port} (API under /api)`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => {
      void close().then(() => process.exit(0));
    });
  });
}
