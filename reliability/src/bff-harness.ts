/**
 * A BFF over HTTP on a random loopback port, in this process. Sessions come from a `sid` cookie through a
 * lookup the test gives, the way a builder's `resolveSession` reads its own session store.
 */
import type { BffOptions, LogEntry, Session } from '@splice/bff';
import { createBff } from '@splice/bff';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { listen } from '../../packages/bff/test/helpers/listen.js';

export const appOrigin = 'http://app.test';

export interface RunningBff {
  url: string;
  logs: LogEntry[];
  close(): Promise<void>;
}

export interface BffHarnessOptions extends Partial<BffOptions> {
  /** The session of a `sid` cookie value, or null (401). */
  sessionOf?: (sid: string) => Session | null;
}

/** A user per group: `sid=<groupRef>` signs in as `user-<groupRef>` of that group. */
export const sessionPerGroup = (sid: string): Session | null =>
  /^[\w.-]{1,200}$/.test(sid) ? { groupRef: sid, orgId: 'org-demo', consumerRef: `user-${sid}` } : null;

export async function startBffFor(
  upstream: { baseUrl: string; searchUrl: string; apiKey: string; authToken: string },
  options: BffHarnessOptions = {},
): Promise<RunningBff> {
  const { sessionOf = sessionPerGroup, ...overrides } = options;
  const logs: LogEntry[] = [];
  const bff = createBff({
    baseUrl: upstream.baseUrl,
    searchUrl: upstream.searchUrl,
    apiKey: upstream.apiKey,
    authToken: upstream.authToken,
    project: 'demo',
    allowedOrigins: [appOrigin],
    resolveSession: (c: Context) => {
      const sid = getCookie(c, 'sid');
      return sid ? sessionOf(sid) : null;
    },
    logger: (entry) => {
      if (logs.length < 10_000) logs.push(entry);
    },
    ...overrides,
    // The fuzz and load tests send far more than a person would: the rate limiter is not under test here.
    limits: { requestsPerWindow: 1_000_000_000, ...overrides.limits },
  });
  const server = await listen(bff.fetch);
  return {
    url: server.url,
    logs,
    close: async () => {
      await server.close();
      await bff.close();
    },
  };
}

/** Headers the React client sends from a same-origin page for the user `sid`. */
export function browserHeaders(sid: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Cookie: `sid=${sid}`,
    Origin: appOrigin,
    'Sec-Fetch-Site': 'same-origin',
    'X-Requested-With': 'splice',
    'Content-Type': 'application/json',
    ...extra,
  };
}
