import { createApp } from './create-app.js';
import { MemoryInviteStore } from './invites/invite-store.js';
import { consoleLogger } from './log/log-entry.js';
import { redactingLogger } from './log/redact.js';
import { MemoryIdempotencyStore } from './middleware/idempotency/store.js';
import type { BffOptions } from './options.js';
import { resolveOptions } from './options.js';
import { createHttpClient } from './upstream/http-client.js';
import { InFlightLimiter } from './upstream/in-flight.js';
import { createServiceClient } from './upstream/service-client.js';

/**
 * The backend-for-frontend as a Hono app, to mount under any prefix of the host's server. Holds the
 * service credentials, binds every call to the session's group and organization, and answers every
 * failure with a problem object. `close()` ends the upstream keep-alive connections.
 */
export function createBff(options: BffOptions) {
  const config = resolveOptions(options);
  const log = redactingLogger(options.logger ?? consoleLogger, [config.apiKey, config.authToken]);
  const http = createHttpClient({
    origins: [
      config.baseUrl.origin,
      config.searchUrl.origin,
      ...(config.readUrl ? [config.readUrl.origin] : []),
    ],
    connectTimeoutMs: config.timeouts.connectMs,
    maxResponseBytes: config.limits.upstreamResponseBytes,
    connections: config.limits.connectionsPerOrigin,
  });
  const service = createServiceClient({
    http,
    baseUrl: config.baseUrl,
    searchUrl: config.searchUrl,
    readUrl: config.readUrl,
    apiKey: config.apiKey,
    authToken: config.authToken,
    project: config.project,
    timeouts: { readMs: config.timeouts.readMs, writeMs: config.timeouts.writeMs },
    retry: config.retry,
    limiter: new InFlightLimiter(config.limits.maxInFlight),
    log,
  });
  const idempotencyStore =
    options.idempotencyStore ?? new MemoryIdempotencyStore(config.limits.idempotencyEntries);
  const inviteStore = options.inviteStore ?? new MemoryInviteStore(config.limits.idempotencyEntries);
  const app = createApp({ config, service, log, idempotencyStore, inviteStore }, options.rateLimitStore);
  // `close` is added beside the routes; `AppType` (create-app.ts) is the app without it, since hono/client
  // cannot read routes through the intersection.
  return Object.assign(app, { close: () => http.close() });
}

/** What `createBff` returns: the Hono app, plus `close()` for the upstream connections. */
export type BffApp = ReturnType<typeof createBff>;
