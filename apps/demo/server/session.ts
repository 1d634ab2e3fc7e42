import type { Session } from '@splice/bff';
import { issueTypes } from '@splice/schema';
import { demoDataSet } from '@splice/service';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import type { DemoUser } from '../src/demo-users.js';
import { demoUsers, findDemoUser } from '../src/demo-users.js';
import { problem } from './problem.js';

export const sessionCookieName = 'demo_session';
const maxAgeSeconds = 8 * 60 * 60;

export interface DemoSessionOptions {
  /** Signs the cookie (HMAC-SHA256). */
  secret: string;
  /** The app's origin: the only page allowed to sign in or out. */
  origin: string;
}

/** What `GET /demo/session` and `POST /demo/sign-in` answer: the user and the Splice scope they act in. */
export interface SessionView {
  user: (DemoUser & { orgId: string; orgName: string }) | null;
}

/** Every demo user belongs to the demo data set's organization; invites go to it. */
const { org } = demoDataSet;

function view(user: DemoUser | undefined): SessionView {
  return { user: user ? { ...user, orgId: org.id, orgName: org.name } : null };
}

function isJson(c: Context) {
  return c.req.header('Content-Type')?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * A stand-in for the builder's real authentication: a signed, HttpOnly cookie naming a demo user. The
 * BFF learns the group only from here (`resolveSession`), never from the browser. Anyone who can reach
 * the demo may sign in as any demo user, which is the point of a demo and why this is not for production.
 */
export function createDemoSession(options: DemoSessionOptions) {
  const secure = options.origin.startsWith('https:');
  const cookieOptions = { httpOnly: true, sameSite: 'Lax', path: '/', secure } as const;

  async function currentUser(c: Context): Promise<DemoUser | undefined> {
    const value = await getSignedCookie(c, options.secret, sessionCookieName);
    if (!value) return undefined;
    try {
      const { user, exp } = JSON.parse(value) as { user?: unknown; exp?: unknown };
      // The expiry is inside the signed value, so a copied cookie stops working even if a browser keeps it.
      if (typeof user !== 'string' || typeof exp !== 'number' || exp < Date.now()) return undefined;
      return findDemoUser(user);
    } catch {
      return undefined;
    }
  }

  async function resolveSession(c: Context): Promise<Session | null> {
    const user = await currentUser(c);
    return user ? { groupRef: user.groupRef, orgId: org.id, consumerRef: user.id } : null;
  }

  const routes = new Hono()
    .use(secureHeaders({ referrerPolicy: 'no-referrer' }))
    .use(async (c, next) => {
      c.header('Cache-Control', 'no-store');
      // A cross-site page must not sign the visitor in or out (login CSRF). Scripts send no Origin.
      const origin = c.req.header('Origin');
      if (origin !== undefined && origin !== options.origin) {
        return problem(c, 403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
      }
      // JSON only: an HTML form cannot send it, and a cross-site fetch of it needs a preflight we never allow.
      if (c.req.method === 'POST' && !isJson(c)) {
        return problem(c, 415, 'unsupportedMediaType', 'Send the body as application/json.');
      }
      await next();
    })
    .get('/session', async (c) => c.json(view(await currentUser(c)), 200))
    .post('/sign-in', async (c) => {
      const body: unknown = await c.req.json().catch(() => undefined);
      const id = (body as { user?: unknown } | undefined)?.user;
      const user = typeof id === 'string' ? findDemoUser(id) : undefined;
      if (!user) {
        const known = demoUsers.map((u) => u.id).join(', ');
        return problem(c, 400, 'validation', 'Sign in as one of the demo users.', [
          {
            type: issueTypes.invalidProperty,
            name: 'user',
            in: 'body',
            detail: `Use one of: ${known}.`,
            value: id,
          },
        ]);
      }
      const value = JSON.stringify({ user: user.id, exp: Date.now() + maxAgeSeconds * 1000 });
      await setSignedCookie(c, sessionCookieName, value, options.secret, {
        ...cookieOptions,
        maxAge: maxAgeSeconds,
      });
      return c.json(view(user), 200);
    })
    .post('/sign-out', (c) => {
      deleteCookie(c, sessionCookieName, cookieOptions);
      return c.json(view(undefined), 200);
    });

  return { routes, resolveSession };
}
