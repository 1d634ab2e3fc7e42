import type { InviteStore } from './invites/invite-store.js';
import type { BffLogger } from './log/log-entry.js';
import type { IdempotencyStore } from './middleware/idempotency/store.js';
import type { RateLimitStore } from './middleware/rate-limit/store.js';
import type { ResolveSession } from './middleware/session/index.js';

export interface BffLimits {
  /** Largest create-installation body in bytes. Default 256 KiB (a config selecting 2,000 fields fits). */
  installationBodyBytes?: number;
  /** Largest search body in bytes. Default 16 KiB. */
  searchBodyBytes?: number;
  /** Largest invite body in bytes. Default 2 KiB. */
  inviteBodyBytes?: number;
  /** Largest upstream answer in bytes. Default 8 MiB (metadata of a 2,000-field object with picklists). */
  upstreamResponseBytes?: number;
  /** Requests per session and window. Default 120. */
  requestsPerWindow?: number;
  /** "Run now" reads per session and window (each starts real work in the service). Default 6. */
  runNowPerWindow?: number;
  /** Rate-limit window in milliseconds. Default 60,000. */
  rateWindowMs?: number;
  /** Upstream calls in progress at once, for all users; more is 503. Default 64. */
  maxInFlight?: number;
  /** Keep-alive connections per upstream origin. Default 16. */
  connectionsPerOrigin?: number;
  /** Idempotency records kept by the default in-memory store. Default 10,000. */
  idempotencyEntries?: number;
  /** How long a create's answer is replayed for its key, in milliseconds. Default 24 h. */
  idempotencyTtlMs?: number;
}

export interface BffTimeouts {
  /** Connecting to the service. Default 3,000 ms. */
  connectMs?: number;
  /** One read (metadata, search), first byte to last. Default 10,000 ms. */
  readMs?: number;
  /** One create or invite; a create's sample read takes time. Default 30,000 ms. */
  writeMs?: number;
  /** A whole browser request, retries included; past it, 504. Default 45,000 ms. */
  requestMs?: number;
}

export interface BffRetry {
  /** Retries of a read after a connection fault or a 5xx. Default 2. Creates and invites never retry. */
  retries?: number;
  /** Default 100 ms. */
  baseDelayMs?: number;
  /** Default 1,000 ms. */
  maxDelayMs?: number;
}

export interface BffOptions {
  /** `{base_url}`, e.g. `https://api.example.com/v1` or the embedded service's `http://127.0.0.1:8787/v1`. */
  baseUrl: string;
  /** `{search_url}`, e.g. `http://127.0.0.1:8787/search/v1`. */
  searchUrl: string;
  /**
   * `{read_url}`, where reads are triggered, e.g. `http://127.0.0.1:8787/read/v1`. Default: none, and
   * "Run now" answers 501.
   */
  readUrl?: string;
  /**
   * Whether the service is the embedded one, with its extensions (docs/service-interface.md). Default
   * false: only what the hosted description documents is sent, and the status is built from paths both
   * services have (installation config, operations, backfill progress). With true, the BFF also sends
   * `redirectUrl` to the OAuth operations (so the flow ends on this BFF's `/connect/done` page) and adds
   * the `read-status` extension's delivery health and pauses to the status. Never true against the
   * hosted service: `:oauth-update` takes no body there, and `read-status` does not exist.
   */
  embeddedExtensions?: boolean;
  /** Sent as `x-api-key` on creates, metadata reads and search. Never leaves the server. */
  apiKey: string;
  /** Sent as `Authorization: Bearer` on invites. Never leaves the server. */
  authToken: string;
  /** The project (ID or name) every call is made in. */
  project: string;
  /** The signed-in user's `{ groupRef, orgId, consumerRef }`, from the host's own session; null: 401. */
  resolveSession: ResolveSession;
  /** Origins whose pages may call the BFF, e.g. `['https://app.example.com']`. Required, not empty. */
  allowedOrigins: readonly string[];
  limits?: BffLimits;
  timeouts?: BffTimeouts;
  retry?: BffRetry;
  /** Receives redacted structured entries. Default: one JSON line per entry on the console. */
  logger?: BffLogger;
  /** Default: in-memory, per process. Use a shared store when running several BFF processes. */
  idempotencyStore?: IdempotencyStore;
  /** Default: in-memory, per process. */
  rateLimitStore?: RateLimitStore;
  /**
   * Which group sent each invite, so that a group lists and revokes only its own. Default: in-memory, per
   * process (a restart forgets them: the invites stay pending but are no longer listed). Use
   * `PostgresInviteStore` from `@splice/bff/postgres` to keep them and share them between processes.
   */
  inviteStore?: InviteStore;
}

export interface ResolvedOptions {
  baseUrl: URL;
  searchUrl: URL;
  readUrl: URL | undefined;
  embeddedExtensions: boolean;
  apiKey: string;
  authToken: string;
  project: string;
  resolveSession: ResolveSession;
  allowedOrigins: string[];
  limits: Required<BffLimits>;
  timeouts: Required<BffTimeouts>;
  retry: Required<BffRetry>;
}

/** A configured service base, refused unless it is a plain http(s) URL; `owner` names the caller in errors. */
export function upstreamUrl(name: string, value: string, owner = 'createBff'): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${owner}: ${name} must be an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${owner}: ${name} must be an http or https URL.`);
  }
  // Credentials in a URL end up in logs and error messages; they belong in apiKey and authToken.
  if (url.username || url.password || url.search || url.hash) {
    throw new TypeError(`${owner}: ${name} must not carry credentials, a query or a fragment.`);
  }
  return url;
}

function required(name: string, value: string | undefined): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new TypeError(`createBff: ${name} is required.`);
  return value;
}

/** Checks the options once, at start-up, so that a misconfiguration fails loudly before any request. */
export function resolveOptions(options: BffOptions): ResolvedOptions {
  if (typeof options.resolveSession !== 'function')
    throw new TypeError('createBff: resolveSession is required.');
  if (!Array.isArray(options.allowedOrigins) || options.allowedOrigins.length === 0) {
    throw new TypeError('createBff: allowedOrigins must list at least one origin.');
  }
  const allowedOrigins = options.allowedOrigins.map((origin) => {
    const url = upstreamUrl('allowedOrigins[]', origin);
    return url.origin;
  });
  return {
    baseUrl: upstreamUrl('baseUrl', required('baseUrl', options.baseUrl)),
    searchUrl: upstreamUrl('searchUrl', required('searchUrl', options.searchUrl)),
    readUrl: options.readUrl === undefined ? undefined : upstreamUrl('readUrl', options.readUrl),
    embeddedExtensions: options.embeddedExtensions === true,
    apiKey: required('apiKey', options.apiKey),
    authToken: required('authToken', options.authToken),
    project: required('project', options.project),
    resolveSession: options.resolveSession,
    allowedOrigins,
    limits: {
      installationBodyBytes: 256 * 1024,
      searchBodyBytes: 16 * 1024,
      inviteBodyBytes: 2 * 1024,
      upstreamResponseBytes: 8 * 1024 * 1024,
      requestsPerWindow: 120,
      runNowPerWindow: 6,
      rateWindowMs: 60_000,
      maxInFlight: 64,
      connectionsPerOrigin: 16,
      idempotencyEntries: 10_000,
      idempotencyTtlMs: 24 * 60 * 60 * 1000,
      ...options.limits,
    },
    timeouts: { connectMs: 3_000, readMs: 10_000, writeMs: 30_000, requestMs: 45_000, ...options.timeouts },
    retry: { retries: 2, baseDelayMs: 100, maxDelayMs: 1_000, ...options.retry },
  };
}
