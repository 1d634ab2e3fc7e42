/**
 * The composition root's bag: everything the routes use, passed in so tests and the CLI wire the same app
 * (./start-service.ts builds it). Nothing below the routes should need the whole bag.
 */
import type { ConnectorSource } from './connectors/connector-source.js';
import type { Credentials } from './middleware/credentials/index.js';
import type { Notifier } from './notifications/notifier.js';
import type { OAuthDeps } from './oauth/connect-flow.js';
import type { DestinationAddressPolicy } from './reads/destination-address.js';
import type { ReadEngine } from './reads/read-engine.js';
import type { DestinationStore } from './store/destination-store.js';
import type { Repository } from './store/index.js';
import type { WriteService } from './writes/write-service.js';

/** Everything the routes use, passed in so tests and the CLI wire the same app. */
export interface ServiceDeps {
  repo: Repository;
  /** The providers (HubSpot, Salesforce), reached over HTTP through each connection's connector. */
  connectors: ConnectorSource;
  credentials: Credentials;
  /** The OAuth connect flow's store, the key that seals tokens, and the clock. */
  oauth: OAuthDeps;
  /**
   * The origin browsers reach this service on (`SPLICE_PUBLIC_URL`, by default the listening address):
   * the provider URL, the consent page's own origin and the OAuth `redirect_uri` are built on it, never on
   * a request's `Host`, which a client chooses. A function, as the port may be known only once it listens.
   */
  publicOrigin: () => string;
  /**
   * Browser origins the projects allow to call the API with a key (CORS), as the hosted service allows
   * during development; the OAuth callback page tells the opener on these origins how the flow ended.
   * Default none.
   */
  browserOrigins?: readonly string[];
  /** Webhook destinations (`{base_url}/projects/{p}/destinations`). */
  destinations?: DestinationStore;
  /** Which addresses destinations may reach. Default: public addresses only. */
  destinationAddresses?: DestinationAddressPolicy;
  /** The read engine: absent in apps that only serve the synchronous operations. */
  reads?: ReadEngine;
  /** Notifications (topics, routes, and the events the routes and engines emit): absent in apps without. */
  notifications?: Notifier;
  /** Writes to providers (`{write_url}`): absent in apps that serve no writes. */
  writes?: WriteService;
}
