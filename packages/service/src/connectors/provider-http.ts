/**
 * The one HTTP layer under every connector: each call carries the connection's bearer token, refreshed
 * before it expires, against the connection's API base URL. Connectors build requests and read answers;
 * they never see a refresh token or a client secret.
 */
import type { ProviderError } from './provider-error.js';

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /**
   * A path under the connection's API base URL (`/crm/v3/objects/contacts`), query string included or not.
   * A provider's own next-page link (Salesforce's `nextRecordsUrl`) is such a path too.
   */
  path: string;
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  /**
   * Provider-specific request options sent as headers (Salesforce's `Sforce-Query-Options: batchSize=N`);
   * never `authorization`, which the layer sets from the connection.
   */
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ProviderResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON answer; undefined for an empty body (204). */
  body: unknown;
}

/**
 * Sends one request for one connection. Answers every 2xx and every 4xx other than 401 and 429, for the
 * connector to read in its provider's terms. Throws a `ProviderError` for the rest: `authInvalid` when
 * the grant is gone (a refresh answered `invalid_grant`, or a 401 came back with a token just refreshed),
 * `rateLimited` with the provider's wait, `unavailable` for a 5xx, a timeout or a reset connection, and
 * `malformed` for a body that is not JSON.
 */
export interface ProviderHttp {
  readonly provider: string;
  send(request: ProviderRequest): Promise<ProviderResponse>;
}

/** A connection's tokens as the HTTP layer uses them; sealed at rest by the store. */
export interface ConnectionTokens {
  accessToken: string;
  refreshToken?: string;
  /** When the access token expires, epoch ms; undefined when the provider did not say. */
  expiresAtMs?: number;
  /** When these tokens were obtained, epoch ms: with `expiresAtMs`, how long the provider's tokens live. */
  obtainedAtMs?: number;
  /** The connection's API base URL when the token answer names one (Salesforce's `instance_url`). */
  instanceUrl?: string;
}

/**
 * Where the HTTP layer finds a connection's tokens and what it reports back. `replace` is compare-and-set
 * on the refresh token it replaces, so that when two callers refresh at once only one rotation is kept and
 * the other caller reads the winner's tokens instead of reusing a retired refresh token.
 */
export interface ConnectionTokenSource {
  current(): Promise<ConnectionTokens>;
  /** False when the stored tokens are no longer `previous` (another caller refreshed first). */
  replace(previous: ConnectionTokens, next: ConnectionTokens): Promise<boolean>;
  /** A call succeeded (`working`) or the grant is gone (`bad_credentials`: the user must reconnect). */
  reportStatus(status: 'working' | 'bad_credentials', error?: ProviderError): Promise<void>;
  /**
   * Where processes sharing the connection's store (instances on one database) take turns to refresh;
   * absent, refreshes are shared within the process only.
   */
  refreshClaims?: RefreshClaims;
}

/** One refresh at a time across processes: a lease per connection, taken by compare-and-set. */
export interface RefreshClaims {
  /** True when `owner` now holds the claim until `untilMs` (no one else holds an unexpired one). */
  claim(owner: string, untilMs: number, nowMs: number): Promise<boolean>;
  release(owner: string): Promise<void>;
}
