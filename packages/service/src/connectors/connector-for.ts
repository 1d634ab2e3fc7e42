/**
 * A connection's connector: its provider's catalog entry, the connection's tokens and the one HTTP layer,
 * put together the way every caller (the read engine, search, the wizard's metadata, writes) needs them.
 * The API base URL is the entry's, or the connection's `instance_url` where the provider answers one.
 */
import type { Dispatcher } from 'undici';
import type { AccountLimiter } from './account-limiter/account-limiter.js';
import type { ProviderCatalogEntry } from './catalog-entry.js';
import type { Connector } from './connector.js';
import { createProviderHttp, type ProviderHttpOptions } from './create-provider-http.js';
import { createHubSpotConnector } from './hubspot/hubspot-connector.js';
import type { ConnectionTokenSource } from './provider-http.js';
import { SalesforceConnector } from './salesforce/salesforce-connector.js';

export interface ConnectionForConnector {
  /** The stored connection's id: calls of one connection share one token refresh in the process. */
  id: string;
  tokens: ConnectionTokenSource;
  /** The provider account (HubSpot portal, Salesforce org) whose request budget its calls share; default: the connection's own. */
  account?: string;
}

export interface ConnectorOptions {
  /** Paces every call within its account's request budget (the catalog's `rateLimit`); absent, calls are not paced. */
  limiter?: AccountLimiter;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  refreshMarginMs?: number;
  /** The cross-instance refresh claim's owner, lease and polling. */
  refreshClaim?: ProviderHttpOptions['refreshClaim'];
  now?: () => number;
  dispatcher?: Dispatcher;
}

/** The one HTTP layer for a connection of a catalog provider: what its connector and the proxy send through. */
export function providerHttpFor(
  entry: ProviderCatalogEntry,
  connection: ConnectionForConnector,
  options: ConnectorOptions = {},
) {
  return createProviderHttp({
    provider: entry.name,
    connectionId: connection.id,
    tokens: connection.tokens,
    oauth: {
      tokenUrl: entry.oauth.tokenUrl,
      clientId: entry.oauth.clientId,
      clientSecret: entry.oauth.clientSecret,
    },
    ...(entry.api.kind === 'fixed' && { baseUrl: entry.api.baseUrl }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.refreshMarginMs !== undefined && { refreshMarginMs: options.refreshMarginMs }),
    ...(options.refreshClaim && { refreshClaim: options.refreshClaim }),
    ...(options.now && { now: options.now }),
    ...(options.dispatcher && { dispatcher: options.dispatcher }),
    ...(options.limiter &&
      entry.rateLimit && {
        limits: {
          limiter: options.limiter,
          account: `${entry.name}:${connection.account ?? `connection:${connection.id}`}`,
          policy: entry.rateLimit,
        },
      }),
  });
}

export function connectorFor(
  entry: ProviderCatalogEntry,
  connection: ConnectionForConnector,
  options: ConnectorOptions = {},
): Connector {
  const http = providerHttpFor(entry, connection, options);
  const connectorOptions = options.now ? { now: options.now } : {};
  switch (entry.name) {
    case 'hubspot':
      return createHubSpotConnector(http, connectorOptions);
    case 'salesforce':
      return new SalesforceConnector(http, connectorOptions);
    default:
      throw new Error(`No connector is registered for the provider "${entry.name}".`);
  }
}
