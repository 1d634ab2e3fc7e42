import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { BffEnv } from '../../env.js';
import { errorHandler } from '../../problem/handlers.js';
import type { Abort } from '../../upstream/abort.js';
import { deadline } from './index.js';

describe('deadline', () => {
  it('answers 504 past the deadline and aborts what the work was given', async () => {
    let seen: Abort | undefined;
    const app = new Hono<BffEnv>()
      .use(deadline({ ms: 50 }))
      .get('/', async (c) => {
        seen = c.var.abort;
        await new Promise((resolve) => c.var.abort.onAbort(resolve));
        return c.json({ late: true });
      })
      .onError(errorHandler(() => {}));
    const response = await app.request('/');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({
      type: 'urn:problem-type:deadline-exceeded',
      retryable: true,
    });
    expect(seen?.aborted).toBe(true);
  });

  it('leaves a request within the deadline alone', async () => {
    const app = new Hono<BffEnv>()
      .use(deadline({ ms: 1_000 }))
      .get('/', (c) => c.json({ aborted: c.var.abort.aborted }));
    const response = await app.request('/');
    expect(await response.json()).toEqual({ aborted: false });
  });

  it('answers after a short grace even when the work ignores the abort', async () => {
    const app = new Hono<BffEnv>()
      .use(deadline({ ms: 20, graceMs: 30 }))
      .get('/', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return c.json({});
      })
      .onError(errorHandler(() => {}));
    const started = Date.now();
    expect((await app.request('/')).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(400);
  });
});
