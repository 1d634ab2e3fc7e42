import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Session } from '../../src/index.js';

/** Test users, each signed in to one of the demo data set's groups. */
export const sessions: Record<string, Session> = {
  alice: { groupRef: 'acme', orgId: 'org-demo', consumerRef: 'alice' },
  bob: { groupRef: 'globex', orgId: 'org-demo', consumerRef: 'bob' },
  ivan: { groupRef: 'initech', orgId: 'org-demo', consumerRef: 'ivan' },
  /** Same group as alice, another person. */
  carol: { groupRef: 'acme', orgId: 'org-demo', consumerRef: 'carol' },
};

/** The host's session lookup, as a builder would write it: a cookie naming the user. */
export function resolveTestSession(c: Context): Session | null {
  const sid = getCookie(c, 'sid');
  return (sid && sessions[sid]) || null;
}

export const appOrigin = 'http://app.test';

/** Headers a same-origin page of the host sends through the React client. */
export function browserHeaders(user: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Cookie: `sid=${user}`,
    Origin: appOrigin,
    'Sec-Fetch-Site': 'same-origin',
    'X-Requested-With': 'splice',
    'Content-Type': 'application/json',
    ...extra,
  };
}
