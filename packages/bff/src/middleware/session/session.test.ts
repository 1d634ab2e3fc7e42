import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { BffEnv } from '../../env.js';
import { errorHandler } from '../../problem/handlers.js';
import type { ResolveSession } from './index.js';
import { session } from './index.js';

function app(resolveSession: ResolveSession) {
  return new Hono<BffEnv>()
    .use(session({ resolveSession }))
    .get('/', (c) => c.json(c.var.session))
    .onError(errorHandler(() => {}));
}

describe('session', () => {
  it('puts the resolved session on the context', async () => {
    const user = { groupRef: 'acme', orgId: 'org-1', consumerRef: 'alice' };
    const response = await app(async () => user).request('/');
    expect(await response.json()).toEqual(user);
  });

  it('answers 401 when nobody is signed in', async () => {
    expect((await app(() => null).request('/')).status).toBe(401);
    expect((await app(() => undefined).request('/')).status).toBe(401);
  });

  it('fails closed with 500 on a malformed session rather than calling anything with it', async () => {
    const response = await app(() => ({ groupRef: 'acme', orgId: 'org-1' }) as never).request('/');
    expect(response.status).toBe(500);
  });
});
