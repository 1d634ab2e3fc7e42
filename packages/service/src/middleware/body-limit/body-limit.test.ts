import { ProblemError, renderProblem } from '@splice/server-kit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { bodyLimit } from './index.js';

function app(maxSize: number) {
  return new Hono()
    .post('/', bodyLimit(maxSize), async (c) => c.json({ text: await c.req.text() }))
    .onError((error, c) => {
      if (error instanceof ProblemError) return renderProblem(c, error);
      throw error;
    });
}

describe('bodyLimit', () => {
  it('lets a body within the limit through', async () => {
    const response = await app(64).request('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(await response.json()).toEqual({ text: '{"a":1}' });
  });

  it('refuses a body past the limit with a 413 problem naming the limit', async () => {
    const response = await app(1024).request('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      type: 'about:blank',
      title: 'Content Too Large',
      detail: 'The body is larger than the 1,024 bytes this operation accepts.',
    });
  });
});
