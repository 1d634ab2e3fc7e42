import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { BffEnv } from '../../env.js';
import { errorHandler } from '../../problem/handlers.js';
import { problemError } from '../../problem/problem-error.js';
import { requestId } from './index.js';

function app() {
  return new Hono<BffEnv>()
    .use(requestId())
    .get('/ok', (c) => c.json({ id: c.var.requestId }))
    .get('/fail', () => {
      throw problemError(409, 'idempotencyKeyReused', 'no');
    })
    .onError(errorHandler(() => {}));
}

describe('requestId', () => {
  it('gives each request its own ID, on the header and in the context', async () => {
    const first = await app().request('/ok');
    const second = await app().request('/ok');
    const id = first.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await first.json()).toEqual({ id });
    expect(second.headers.get('X-Request-Id')).not.toBe(id);
  });

  it('ignores an ID the client sends', async () => {
    const response = await app().request('/ok', { headers: { 'X-Request-Id': 'mine' } });
    expect(response.headers.get('X-Request-Id')).not.toBe('mine');
  });

  it('puts the same ID on a problem answer and in its body', async () => {
    const response = await app().request('/fail');
    const body = (await response.json()) as { requestId: string };
    expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
  });
});
