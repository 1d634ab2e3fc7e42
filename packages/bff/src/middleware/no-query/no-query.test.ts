import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { noQuery } from './index.js';

describe('noQuery', () => {
  const app = new Hono()
    .use(noQuery())
    .get('/', (c) => c.json({ ok: true }))
    .onError(errorHandler(() => {}));

  it('passes a request without a query string', async () => {
    expect((await app.request('/')).status).toBe(200);
  });

  it('refuses any query parameter with an issue naming it', async () => {
    const response = await app.request('/?debug=1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ issues: [{ in: 'query', name: 'debug', value: '1' }] });
  });
});
