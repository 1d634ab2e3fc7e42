/**
 * What the service knows of a provider before any connection: how a user authorizes the builder's app
 * (OAuth 2 authorization code, with PKCE where the provider takes it), where the API is, and what the
 * connector can do there. One entry per provider (./hubspot/catalog-entry.ts, ./salesforce/catalog-entry.ts),
 * built from configuration so the same code talks to an emulator or to the real provider.
 */
import type { RateLimitPolicy } from './account-limiter/rate-limit-policy.js';

export type ProviderGrantType = 'authorizationCode' | 'authorizationCodePKCE';

export interface ProviderOAuth {
  grantType: ProviderGrantType;
  /** The consent page a user is sent to. */
  authorizeUrl: string;
  /** Where codes and refresh tokens are exchanged (form-encoded, client credentials in the form). */
  tokenUrl: string;
  /** Scopes the authorization asks for. */
  scopes: readonly string[];
  /** The builder's app at the provider. The secret never leaves the service. */
  clientId: string;
  clientSecret: string;
  /**
   * Where the account of an access token is looked up (`{tokenInfoUrl}/{token}`) when the token answer
   * does not name it (HubSpot's access-token information); undefined when the token answer always does.
   */
  tokenInfoUrl?: string;
  /** Names of the token answer's fields that identify the account, the user and the granted scopes. */
  tokenMetadataFields: { workspaceRefField?: string; consumerRefField?: string; scopesField?: string };
}

/**
 * The API's base URL: one for every connection (HubSpot), or each connection's own, answered by its token
 * endpoint as `instance_url` (Salesforce; `baseUrl` is then the login URL, which the catalog shows).
 */
export type ProviderApiBase = { kind: 'fixed'; baseUrl: string } | { kind: 'instanceUrl'; baseUrl: string };

export interface ProviderBatchWrite {
  create: boolean;
  update: boolean;
  /** At most this many records in one batch call. */
  limit: number;
}

export interface ProviderSupport {
  read: boolean;
  write: boolean;
  delete: boolean;
  /** Search by `eq` conditions (the only operator the service offers). */
  search: boolean;
  /** Passing a builder's own request through to the provider's API. */
  proxy: boolean;
  /** Batch create and update in one call; undefined when the connector writes one record at a time. */
  batchWrite?: ProviderBatchWrite;
  /** Asynchronous bulk jobs (Salesforce Bulk API and the like). */
  bulkWrite: { insert: boolean; update: boolean; upsert: boolean; delete: boolean };
}

export interface ProviderCatalogEntry {
  /** The catalog's key, e.g. `hubspot`. */
  name: string;
  /** As people know it, e.g. `HubSpot`. */
  displayName: string;
  oauth: ProviderOAuth;
  api: ProviderApiBase;
  support: ProviderSupport;
  /** The hosted catalog's module a connection uses unless told otherwise. */
  defaultModule: string;
  /**
   * The documented request limit of one account (for this app), which every connection on the account
   * shares; answers' rate headers correct it. Undefined: calls are not paced.
   */
  rateLimit?: RateLimitPolicy;
}
