/**
 * How the service reaches a provider (HubSpot, Salesforce) for one of its connections. The read
 * engine, search, the wizard's metadata and sample read and writes ask this, never the catalog or the
 * HTTP layer directly, so the connection's tokens are read from and rotated in one place (the store).
 */
import type { Connection } from '../store/entities/connections.js';
import type { ProviderCatalogEntry } from './catalog-entry.js';
import type { Connector } from './connector.js';

export interface ConnectorSource {
  /** The provider's catalog entry; undefined for a provider the catalog does not have. */
  entry(provider: string): ProviderCatalogEntry | undefined;
  /** Every catalog provider, for the hosted `listProviders`. */
  entries(): ProviderCatalogEntry[];
  /** The connector for one stored connection of a catalog provider, its tokens those of the connection. */
  forConnection(connection: Connection): Connector;
}
