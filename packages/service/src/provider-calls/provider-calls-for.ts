import { problemError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { Connection } from '../store/index.js';
import { connectorCalls, type ProviderCalls } from './provider-calls.js';

/**
 * The calls to a provider for one connection, through the connection's connector. `connection` may be a
 * lookup, made only once the provider is known to be in the catalog.
 */
export async function providerCallsFor(
  deps: ServiceDeps,
  providerName: string,
  connection: Connection | (() => Promise<Connection | undefined>),
): Promise<ProviderCalls> {
  if (!knowsProvider(deps, providerName)) {
    throw problemError(404, 'notFound', `There is no provider "${providerName}".`);
  }
  const found = typeof connection === 'function' ? await connection() : connection;
  if (!found) {
    throw problemError(422, 'connectionRequired', {
      detail: `The ${providerName} connection is gone: connect a ${providerName} account, then try again.`,
    });
  }
  return connectorCalls(deps.connectors.forConnection(found));
}

/** Whether the service's catalog has a provider of this name. */
export function knowsProvider(deps: ServiceDeps, providerName: string): boolean {
  return deps.connectors.entry(providerName) !== undefined;
}
