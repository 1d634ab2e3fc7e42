/**
 * Tests' HubSpot and Salesforce: both emulators on loopback ports, the catalog pointed at them, and a
 * `ConnectorSource` whose connections hold tokens the emulators issued. `grant` stands in for a finished
 * connect flow: it issues tokens for a connection id the test then stores as a connection.
 */
import {
  type RunningHubSpotEmulator,
  type RunningSalesforceEmulator,
  startHubSpotEmulator,
  startSalesforceEmulator,
} from '@splice/provider-emulators';
import { providerAppsFromEnv } from '../config.js';
import { providerCatalog } from './catalog.js';
import type { Connector } from './connector.js';
import { connectorFor } from './connector-for.js';
import type { ConnectorSource } from './connector-source.js';
import { MemoryTokenSource } from './memory-token-source.js';

export interface EmulatedProviders {
  hubspot: RunningHubSpotEmulator;
  salesforce: RunningSalesforceEmulator;
  source: ConnectorSource;
  /** Issues tokens at the provider's emulator for a connection id; its connector uses them from then on. */
  grant(provider: 'hubspot' | 'salesforce', connectionId: string): MemoryTokenSource;
  close(): Promise<void>;
}

export async function startEmulatedProviders(
  counts = { contacts: 300, companies: 30, deals: 60 },
): Promise<EmulatedProviders> {
  const [hubspot, salesforce] = await Promise.all([
    startHubSpotEmulator({ counts }),
    startSalesforceEmulator({ counts }),
  ]);
  const catalog = providerCatalog(
    providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: hubspot.url, SPLICE_SALESFORCE_BASE_URL: salesforce.url }),
  );
  const tokens = new Map<string, MemoryTokenSource>();
  const connectors = new Map<string, Connector>();
  const source: ConnectorSource = {
    entry: (provider) => catalog.get(provider),
    entries: () => [...catalog.values()],
    forConnection(connection) {
      const known = connectors.get(connection.id);
      if (known) return known;
      const entry = catalog.get(connection.provider);
      const granted = tokens.get(connection.id);
      if (!entry || !granted) throw new Error(`No tokens were granted for connection ${connection.id}.`);
      const connector = connectorFor(entry, { id: connection.id, tokens: granted });
      connectors.set(connection.id, connector);
      return connector;
    },
  };
  return {
    hubspot,
    salesforce,
    source,
    grant(provider, connectionId) {
      const issued = provider === 'hubspot' ? hubspot.issueTokens() : salesforce.issueTokens();
      const granted = new MemoryTokenSource({
        accessToken: issued.accessToken,
        ...(issued.refreshToken !== undefined && { refreshToken: issued.refreshToken }),
        ...(provider === 'salesforce' && { instanceUrl: salesforce.url }),
      });
      tokens.set(connectionId, granted);
      connectors.delete(connectionId);
      return granted;
    },
    close: async () => {
      await Promise.all([hubspot.close(), salesforce.close()]);
    },
  };
}
