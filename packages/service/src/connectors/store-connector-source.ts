/**
 * The service's `ConnectorSource`: a catalog provider's connector for a stored connection, its tokens read
 * from the connection's sealed credentials and rotated in the store. A rotation is compare-and-set on the
 * credentials row, so of two processes refreshing one connection at once only one rotation is kept and the
 * other reads the winner's tokens; the connection's status follows what the provider answers (`working`,
 * `bad_credentials`), which sync status and the BFF show. A refresh is claimed in the connection's row
 * first, so that instances sharing the store refresh one at a time (see refresh-claim.ts). A stored
 * rotation and a change to `bad_credentials` are each recorded once as a connection event
 * (`connection.refreshed`, `connection.error`), by whichever process made the change.
 */

import type { SecretBox } from '../oauth/crypto.js';
import {
  openCredentials,
  type StoredTokens,
  sameSealedCredentials,
  sealCredentials,
} from '../oauth/sealed-credentials.js';
import type { Connection, Repository } from '../store/index.js';
import type { ProviderCatalogEntry } from './catalog-entry.js';
import type { Connector } from './connector.js';
import { type ConnectorOptions, connectorFor } from './connector-for.js';
import type { ConnectorSource } from './connector-source.js';
import { ProviderError } from './provider-error.js';
import type { ConnectionTokenSource, ConnectionTokens } from './provider-http.js';
import { reconnectMessage } from './refresh-tokens.js';

export interface StoreConnectorSourceOptions {
  repo: Repository;
  catalog: ReadonlyMap<string, ProviderCatalogEntry>;
  /** The key the connect flow sealed the connections' tokens with. */
  secrets: SecretBox;
  connector?: ConnectorOptions;
}

/** Connectors kept for reuse (a connector caches its provider's field metadata for a while). */
const cachedConnectors = 500;

const sameTokens = (a: ConnectionTokens, b: ConnectionTokens) =>
  a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;

/** A stored connection's tokens as the HTTP layer uses them. */
export function storeTokenSource(
  repo: Repository,
  secrets: SecretBox,
  connection: Pick<Connection, 'projectId' | 'id' | 'provider'>,
): ConnectionTokenSource {
  const { projectId, id, provider } = connection;
  const unusable = () => new ProviderError('authInvalid', reconnectMessage(provider), { provider });

  // The credentials last opened and their tokens: each call reads the row (another process may have
  // rotated the tokens), but only a changed row is decrypted again.
  let opened: { credentials: Record<string, unknown>; tokens: StoredTokens | undefined } | undefined;
  const open = (credentials: Record<string, unknown>) => {
    if (!opened || !sameSealedCredentials(opened.credentials, credentials)) {
      opened = { credentials, tokens: openCredentials(secrets, credentials) };
    }
    return opened.tokens;
  };

  async function stored(): Promise<{ credentials: Record<string, unknown>; tokens: StoredTokens }> {
    const row = await repo.getConnection(projectId, id);
    const tokens = row && open(row.credentials);
    // Gone, or sealed by another key: nothing to call the provider with until the user reconnects. The
    // same once the provider refused the grant (`bad_credentials`): every call would be refused again, and
    // asking again for each search or write is the storm a provider throttles an app for. A reconnect
    // stores new tokens as `created`.
    if (!row || !tokens || row.status === 'bad_credentials') throw unusable();
    return { credentials: row.credentials, tokens };
  }

  return {
    async current() {
      const { scopes: _granted, ...tokens } = (await stored()).tokens;
      return tokens;
    },
    async replace(previous, next) {
      const { credentials, tokens } = await stored();
      if (!sameTokens(tokens, previous)) return false;
      // The grant's scopes do not change on a refresh.
      const sealed = sealCredentials(secrets, { ...next, ...(tokens.scopes && { scopes: tokens.scopes }) });
      const replaced = await repo.replaceConnectionCredentials(projectId, id, credentials, sealed);
      if (replaced) {
        await repo
          .insertConnectionEvent({ projectId, connectionId: id, kind: 'connection.refreshed' })
          .catch(() => undefined);
      }
      return replaced;
    },
    async reportStatus(status, error) {
      const changed = await repo.setConnectionStatus(projectId, id, status);
      if (changed && status === 'bad_credentials') {
        await repo.insertConnectionEvent({
          projectId,
          connectionId: id,
          kind: 'connection.error',
          detail: error?.message ?? reconnectMessage(provider),
        });
      }
    },
    refreshClaims: {
      claim: (owner, untilMs, nowMs) => repo.claimConnectionRefresh(projectId, id, owner, untilMs, nowMs),
      release: (owner) => repo.releaseConnectionRefresh(projectId, id, owner),
    },
  };
}

export function createConnectorSource(options: StoreConnectorSourceOptions): ConnectorSource {
  const { repo, catalog, secrets } = options;
  const connectors = new Map<string, Connector>();
  return {
    entry: (provider) => catalog.get(provider),
    entries: () => [...catalog.values()],
    forConnection(connection) {
      const key = `${connection.projectId}\u0000${connection.id}`;
      const known = connectors.get(key);
      if (known) return known;
      const entry = catalog.get(connection.provider);
      if (!entry) throw new Error(`"${connection.provider}" is not a catalog provider.`);
      const connector = connectorFor(
        entry,
        {
          id: connection.id,
          tokens: storeTokenSource(repo, secrets, connection),
          ...(connection.providerWorkspaceRef && { account: connection.providerWorkspaceRef }),
        },
        options.connector,
      );
      if (connectors.size >= cachedConnectors) {
        const oldest = connectors.keys().next().value;
        if (oldest !== undefined) connectors.delete(oldest);
      }
      connectors.set(key, connector);
      return connector;
    },
  };
}
