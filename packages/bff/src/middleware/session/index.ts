import { problemError } from '@splice/server-kit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { BffEnv } from '../../env.js';
import type { Session } from '../../schemas/session.js';
import { sessionSchema } from '../../schemas/session.js';

/** The builder's hook: who is signed in, from its own session (cookie, JWT, ...). Null means nobody. */
export type ResolveSession = (c: Context) => Session | null | undefined | Promise<Session | null | undefined>;

export interface SessionOptions {
  resolveSession: ResolveSession;
}

/**
 * Binds the request to the signed-in user's group and organization. These come only from the builder's
 * session: nothing the browser sends can choose them.
 */
export const session = (options: SessionOptions) =>
  createMiddleware<BffEnv>(async (c, next) => {
    const resolved = await options.resolveSession(c);
    if (resolved === null || resolved === undefined) {
      throw problemError(401, 'unauthenticated', 'Sign in to continue.');
    }
    const parsed = sessionSchema.safeParse(resolved);
    // A malformed session is the builder's bug: fail closed with a 500 rather than call upstream with it.
    if (!parsed.success) throw new Error('resolveSession returned a malformed session');
    c.set('session', parsed.data);
    await next();
  });
