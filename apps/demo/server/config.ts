import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReadTiming } from '@splice/service';
import { databaseUrlFromEnv, readTimingFromEnv } from '@splice/service';

/** The demo app's folder (where index.html and vite.config.ts live). */
export const appRoot = fileURLToPath(new URL('..', import.meta.url));

export interface DemoConfig {
  host: string;
  port: number;
  /** Where the embedded service keeps its SQLite database (and, on PostgreSQL, the sandbox CRM's records). */
  dataDir: string;
  /** `SPLICE_DATABASE_URL`: the embedded service's data in PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** Signs the session cookie. */
  sessionSecret: string;
  apiKey: string;
  authToken: string;
  /**
   * `DEMO_APP=build`: the React app built at start and served as files, as a builder ships it; otherwise
   * Vite's dev server, which transforms each module when the browser asks for it (and reloads on edits).
   */
  app: 'dev' | 'build';
  /** `info` logs every BFF request; `warn` only what went wrong. */
  logLevel: 'info' | 'warn';
  /** `DEMO_RECEIVER_FAULTS=1`: `POST /demo/receiver-faults` can make the receiver fail for a while (tests). */
  receiverFaults: boolean;
  /** The read engine's timing from `SPLICE_READ_TICK_MS`, `SPLICE_RETRY_BASE_MS` and the rest (the e2e suite retries fast). */
  readTiming: Partial<ReadTiming>;
  /**
   * `SPLICE_HUBSPOT_*` and `SPLICE_SALESFORCE_*`: a provider's base URL means "use it, start no emulator";
   * the app credentials default to the emulators' app. `SPLICE_SANDBOX_ACTIVITY`: the emulators' changes
   * per minute.
   */
  providerEnv: Record<string, string | undefined>;
}

function portFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 5173;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be a port number (0 to 65535), got "${value}".`);
  }
  return port;
}

function appFrom(value: string | undefined): DemoConfig['app'] {
  if (value === undefined || value === '' || value === 'dev') return 'dev';
  if (value === 'build') return 'build';
  throw new Error(`DEMO_APP must be "dev" or "build", got "${value}".`);
}

const secret = () => randomBytes(32).toString('base64url');

/**
 * Reads the demo's settings from the environment. Credentials and the session secret are random per
 * start unless set: nobody needs to know them (the BFF holds them), and a random key cannot be found in
 * any file the dev server could serve.
 */
export function demoConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const sessionSecret = env.DEMO_SESSION_SECRET || secret();
  if (sessionSecret.length < 32) throw new Error('DEMO_SESSION_SECRET must have at least 32 characters.');
  return {
    host: env.HOST || '127.0.0.1',
    port: portFrom(env.PORT),
    dataDir: resolve(env.DEMO_DATA_DIR || resolve(appRoot, '.data')),
    ...(databaseUrlFromEnv(env) ? { databaseUrl: databaseUrlFromEnv(env)! } : {}),
    sessionSecret,
    apiKey: env.SPLICE_API_KEY || secret(),
    authToken: env.SPLICE_AUTH_TOKEN || secret(),
    app: appFrom(env.DEMO_APP),
    logLevel: env.DEMO_LOG === 'info' ? 'info' : 'warn',
    receiverFaults: env.DEMO_RECEIVER_FAULTS === '1',
    readTiming: readTimingFromEnv(env),
    providerEnv: Object.fromEntries(
      Object.entries(env).filter(([name]) =>
        /^SPLICE_(HUBSPOT|SALESFORCE)_|^SPLICE_SANDBOX_ACTIVITY$/.test(name),
      ),
    ),
  };
}
