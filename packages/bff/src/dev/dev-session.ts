import { toIssues } from '@splice/schema';
import { problemError, validationError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import * as z from 'zod/mini';
import { csrfGuard } from '../middleware/csrf-guard/index.js';
import { errorHandler } from '../problem/handlers.js';
import type { Session } from '../schemas/session.js';

export interface DevSessionOptions {
  /** Signs the cookie (HMAC-SHA256). At least 32 characters. */
  secret: string;
  /** The organization every dev user belongs to. */
  orgId: string;
  /** Groups a dev user may sign in to. */
  groups: readonly string[];
  /** Origins whose pages may sign in (the same list the BFF gets). */
  allowedOrigins: readonly string[];
  /** Default `splice_dev_session`. */
  cookieName?: string;
  /** Default 8 hours. */
  maxAgeSeconds?: number;
  /** Set the cookie's Secure flag. Default true; false only for plain-http development. */
  secure?: boolean;
}

const signInSchema = z.strictObject({
  groupRef: z.string().check(z.minLength(1), z.maxLength(256)),
  consumerRef: z.string().check(z.minLength(1), z.maxLength(256), z.regex(/^[\w.@-]+$/)),
});

const cookieValueSchema = z.object({ groupRef: z.string(), consumerRef: z.string(), exp: z.number() });

/**
 * A development sign-in: a signed, HttpOnly cookie naming a group and a user. It stands in for the
 * host's real authentication (which decides the group from who the user is); anyone who can reach it
 * may pick any of `groups`, so it is for development and demos only.
 */
export function createDevSession(options: DevSessionOptions) {
  if (options.secret.length < 32)
    throw new TypeError('createDevSession: secret must have at least 32 characters.');
  const name = options.cookieName ?? 'splice_dev_session';
  const maxAge = options.maxAgeSeconds ?? 8 * 60 * 60;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: options.secure ?? true,
  } as const;

  async function resolveSession(c: Context): Promise<Session | null> {
    const value = await getSignedCookie(c, options.secret, name);
    if (!value) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
    const cookie = cookieValueSchema.safeParse(parsed);
    // The expiry is inside the signed value: a copied cookie stops working even if a browser keeps it.
    if (!cookie.success || cookie.data.exp < Date.now()) return null;
    return { groupRef: cookie.data.groupRef, orgId: options.orgId, consumerRef: cookie.data.consumerRef };
  }

  const routes = new Hono()
    .use(csrfGuard({ allowedOrigins: options.allowedOrigins }))
    .get('/', async (c) => {
      const session = await resolveSession(c);
      if (!session) throw problemError(401, 'unauthenticated', 'Not signed in.');
      return c.json(session, 200);
    })
    .post('/', async (c) => {
      const body: unknown = await c.req.json();
      const parsed = signInSchema.safeParse(body);
      if (!parsed.success) throw validationError(toIssues(parsed.error.issues, body, 'body'));
      if (!options.groups.includes(parsed.data.groupRef)) {
        throw problemError(403, 'forbidden', 'This group is not open for sign-in.');
      }
      const value = JSON.stringify({ ...parsed.data, exp: Date.now() + maxAge * 1000 });
      await setSignedCookie(c, name, value, options.secret, { ...cookieOptions, maxAge });
      return c.json({ ...parsed.data, orgId: options.orgId }, 200);
    })
    .delete('/', (c) => {
      deleteCookie(c, name, cookieOptions);
      return c.body(null, 204);
    })
    .onError(errorHandler(() => {}));

  return { routes, resolveSession };
}
