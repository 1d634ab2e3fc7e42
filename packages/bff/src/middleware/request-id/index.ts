import { createMiddleware } from 'hono/factory';
import type { BffEnv } from '../../env.js';

export interface RequestIdOptions {
  /** Response header carrying the ID. Default `X-Request-Id`. */
  headerName?: string;
  /** Default `crypto.randomUUID()`. */
  generate?: () => string;
}

/**
 * Gives every request a fresh ID. Unlike `hono/request-id`, it never adopts an ID the client sends: a
 * chosen ID could collide with another user's request in the logs and mislead whoever investigates.
 */
export const requestId = (options: RequestIdOptions = {}) => {
  const headerName = options.headerName ?? 'X-Request-Id';
  const generate = options.generate ?? (() => crypto.randomUUID());
  return createMiddleware<BffEnv>(async (c, next) => {
    const id = generate();
    c.set('requestId', id);
    c.header(headerName, id);
    await next();
    // An error response built later replaces the prepared headers; set it again on whatever leaves.
    c.res.headers.set(headerName, id);
  });
};
