import type {
  CatalogConnectionState,
  CatalogEntry,
  CatalogInstallationState,
  Connection,
  Installation,
  Integration,
} from '@splice/schema';
import { chooseConnection } from '../routes/load-wizard.js';
import { readObjectsOf } from '../sync/hosted-read-status.js';
import type { ObjectReadStatus } from '../upstream/read-shapes.js';

/** What the catalog knows of one integration for the session's group. */
export interface CatalogFacts {
  integration: Integration;
  providerDisplayName: string;
  /** The group's installation of the integration; null when it has none. */
  installation: Installation | null;
  /** Every connection of the group (to any provider). */
  connections: readonly Connection[];
  /**
   * The embedded service's per-object read state of the installation; null where the service has no
   * such extension, and the installation's own settings say which objects are turned off.
   */
  readStatus: readonly ObjectReadStatus[] | null;
}

function connectionState(facts: CatalogFacts): CatalogConnectionState {
  const connection = chooseConnection([...facts.connections], facts.integration.provider, facts.installation);
  if (!connection) return 'none';
  return connection.status === 'bad_credentials' ? 'needs_reconnect' : 'connected';
}

function installationState(facts: CatalogFacts): CatalogInstallationState {
  const { installation } = facts;
  if (!installation) return 'not_installed';
  if (installation.healthStatus === 'unhealthy') return 'unhealthy';
  const objects =
    facts.readStatus ??
    readObjectsOf(installation, facts.integration.latestRevision.content.read.objects).map((o) => ({
      paused: false,
      disabled: o.disabled,
    }));
  // An installation that reads nothing at all is stopped, whichever of pause or settings stopped it.
  const stopped = objects.length > 0 && objects.every((o) => o.paused === true || o.disabled === true);
  return stopped ? 'paused' : 'installed';
}

/** One catalog entry: the integration's names, and where the group stands with it. */
export function catalogEntry(facts: CatalogFacts): CatalogEntry {
  const { integration } = facts;
  return {
    id: integration.id,
    name: integration.name,
    displayName: integration.latestRevision.content.displayName ?? integration.name,
    provider: integration.provider,
    providerDisplayName: facts.providerDisplayName,
    connection: connectionState(facts),
    installation: installationState(facts),
  };
}
