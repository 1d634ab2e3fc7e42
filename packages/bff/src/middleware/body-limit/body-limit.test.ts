import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../problem/handlers.js';
import { bodyLimit } from './index.js';

describe('bodyLimit', () => {
  const app = new Hono()
    .post('/', bodyLimit({ maxBytes: 10 }), async (c) => c.json({ length: (await c.req.text()).length }))
    .onError(errorHandler(() => {}));

  it('passes a body within the limit', async () => {
    expect(await (await app.request('/', { method: 'POST', body: '1234567890' })).json()).toEqual({
      length: 10,
    });
  });

  it('answers a larger body with a 413 problem', async () => {
    const response = await app.request('/', { method: 'POST', body: '12345678901' });
    expect(response.status).toBe(413);
    expect(response.headers.get('Content-Type')).toBe('application/problem+json');
  });

  it('writes the limit grouped, as every message writes numbers', async () => {
    const large = new Hono()
      .post('/', bodyLimit({ maxBytes: 16_384 }), (c) => c.body(null, 204))
      .onError(errorHandler(() => {}));
    const response = await large.request('/', { method: 'POST', body: 'x'.repeat(16_385) });
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'The body is larger than 16,384 bytes.',
    );
  });
});
