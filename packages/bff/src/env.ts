import type { Session } from './schemas/session.js';
import type { Abort } from './upstream/abort.js';

/** Hono environment of every BFF route: what the middleware chain puts on the context. */
export interface BffEnv {
  Variables: {
    /** Generated per request; on every response as `X-Request-Id` and in every problem. */
    requestId: string;
    /** The signed-in user's scope, from the builder's `resolveSession`; never from the request. */
    session: Session;
    /** Aborts when the request's deadline passes or the browser goes away; every upstream call obeys it. */
    abort: Abort;
  };
}
