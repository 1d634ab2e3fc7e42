import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ProblemError, problemError } from '../problem/problem-error.js';
import { renderProblem } from '../problem/render-problem.js';
import type { RequestIdOptions } from './index.js';
import { requestId } from './index.js';

function app(options?: RequestIdOptions) {
  return new Hono()
    .use(requestId(options))
    .get('/ok', (c) => c.json({ id: c.var.requestId }))
    .get('/fail', () => {
      throw problemError(409, 'idempotencyKeyReused', 'no');
    })
    .onError((error, c) => {
      if (error instanceof ProblemError) return renderProblem(c, error);
      throw error;
    });
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

  it('keeps a trusted caller’s ID, and replaces one with characters outside the allowed set', async () => {
    const trusting = app({ adoptCallers: true });
    const kept = await trusting.request('/ok', { headers: { 'X-Request-Id': 'bff-req_1=' } });
    expect(kept.headers.get('X-Request-Id')).toBe('bff-req_1=');
    expect(await kept.json()).toEqual({ id: 'bff-req_1=' });
    const replaced = await trusting.request('/ok', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(replaced.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the same ID on a problem answer and in its body', async () => {
    const response = await app().request('/fail');
    const body = (await response.json()) as { requestId: string };
    expect(body.requestId).toBe(response.headers.get('X-Request-Id'));
  });
});
