import { createMiddleware } from 'hono/factory';

export interface RequestIdOptions {
  /** Response header carrying the ID (and, with `adoptCallers`, the request header read). Default `X-Request-Id`. */
  headerName?: string;
  /** Default `crypto.randomUUID()`. */
  generate?: () => string;
  /**
   * Keep an ID the caller sends (up to 255 letters, digits, `_`, `-`, `=`). Only for trusted callers,
   * such as a server that holds the API key and passes its own request's ID on so that the two logs
   * join up. From browsers, never: a chosen ID could collide with another user's request in the logs and
   * mislead whoever investigates. Default false.
   */
  adoptCallers?: boolean;
}

const adoptable = /^[\w\-=]{1,255}$/;

/** Gives every request an ID: in the context as `requestId`, on the answer's header, in problem objects. */
export const requestId = (options: RequestIdOptions = {}) => {
  const headerName = options.headerName ?? 'X-Request-Id';
  const generate = options.generate ?? (() => crypto.randomUUID());
  return createMiddleware<{ Variables: { requestId: string } }>(async (c, next) => {
    const sent = options.adoptCallers ? c.req.header(headerName) : undefined;
    const id = sent !== undefined && adoptable.test(sent) ? sent : generate();
    c.set('requestId', id);
    c.header(headerName, id);
    await next();
    // An error response built later replaces the prepared headers; set it again on whatever leaves.
    c.res.headers.set(headerName, id);
  });
};
