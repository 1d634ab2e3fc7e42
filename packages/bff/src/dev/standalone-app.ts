import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createBff } from '../create-bff.js';
import type { BffLogger } from '../log/log-entry.js';
import { apiHeaders } from '../middleware/api-headers/index.js';
import { notFoundHandler } from '../problem/handlers.js';
import { createDevSession } from './dev-session.js';

export interface StandaloneEnv {
  SPLICE_BASE_URL?: string;
  SPLICE_SEARCH_URL?: string;
  /** `{read_url}`, for "Run now"; unset: "Run now" answers 501. */
  SPLICE_READ_URL?: string;
  /** `1` with the embedded service: the BFF uses its extensions (option `embeddedExtensions`). */
  SPLICE_EMBEDDED_EXTENSIONS?: string;
  SPLICE_API_KEY?: string;
  SPLICE_AUTH_TOKEN?: string;
  SPLICE_PROJECT?: string;
  /** Comma-separated origins, e.g. `http://localhost:5173`. */
  ALLOWED_ORIGINS?: string;
  /** Signs the dev session cookie; a random one (sessions end on restart) when unset. */
  SESSION_SECRET?: string;
  /** Default `org-demo`. */
  SPLICE_ORG_ID?: string;
  /** Comma-separated groups open for the dev sign-in. Default `acme,globex,initech`. */
  DEV_GROUPS?: string;
  [name: string]: string | undefined;
}

function required(env: StandaloneEnv, name: keyof StandaloneEnv & string): string {
  const value = env[name];
  if (!value) throw new Error(`Set ${name}.`);
  return value;
}

const list = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : fallback;

/**
 * The BFF as a server of its own: `/api/*` is the BFF, `/session` a development sign-in with a signed
 * cookie. Built from environment variables; `standalone.ts` serves it.
 */
export function createStandaloneApp(env: StandaloneEnv, logger?: BffLogger) {
  const allowedOrigins = list(env.ALLOWED_ORIGINS, []);
  if (allowedOrigins.length === 0) throw new Error('Set ALLOWED_ORIGINS, e.g. http://localhost:8788.');
  const session = createDevSession({
    secret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    orgId: env.SPLICE_ORG_ID ?? 'org-demo',
    groups: list(env.DEV_GROUPS, ['acme', 'globex', 'initech']),
    allowedOrigins,
    // Browsers drop a Secure cookie on plain http, except on localhost; allow it for local http origins.
    secure: !allowedOrigins.every((origin) => origin.startsWith('http://')),
  });
  const bff = createBff({
    baseUrl: required(env, 'SPLICE_BASE_URL'),
    searchUrl: required(env, 'SPLICE_SEARCH_URL'),
    ...(env.SPLICE_READ_URL ? { readUrl: env.SPLICE_READ_URL } : {}),
    embeddedExtensions: env.SPLICE_EMBEDDED_EXTENSIONS === '1',
    apiKey: required(env, 'SPLICE_API_KEY'),
    authToken: required(env, 'SPLICE_AUTH_TOKEN'),
    project: required(env, 'SPLICE_PROJECT'),
    allowedOrigins,
    resolveSession: session.resolveSession,
    ...(logger ? { logger } : {}),
  });
  const app = new Hono()
    .use(apiHeaders())
    .route('/session', session.routes)
    .route('/api', bff)
    .get('/', (c) =>
      c.text('Splice BFF: POST /session {"groupRef","consumerRef"} to sign in (dev only), then call /api.'),
    );
  app.notFound(notFoundHandler);
  return { app, close: () => bff.close() };
}
