import { problemError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { Connection } from '../store/index.js';
import { connectorCalls, type ProviderCalls, sandboxCalls } from './provider-calls.js';

/**
 * The calls to a provider for one connection: through the connection's connector when the provider is in
 * the catalog, else the in-process provider of that name (the sandbox CRM, which every connection shares,
 * so its connection is never looked up). `connection` may be a lookup, made only for a catalog provider.
 */
export async function providerCallsFor(
  deps: ServiceDeps,
  providerName: string,
  connection: Connection | (() => Promise<Connection | undefined>),
): Promise<ProviderCalls> {
  if (deps.connectors?.entry(providerName)) {
    const found = typeof connection === 'function' ? await connection() : connection;
    if (!found) {
      throw problemError(422, 'connectionRequired', {
        detail: `The ${providerName} connection is gone: connect a ${providerName} account, then try again.`,
      });
    }
    return connectorCalls(deps.connectors.forConnection(found));
  }
  const provider = deps.providers.get(providerName);
  if (!provider) {
    throw problemError(404, 'notFound', `There is no provider "${providerName}".`);
  }
  return sandboxCalls(provider);
}

/** Whether the service can reach a provider of this name, in-process or through the catalog. */
export function knowsProvider(deps: ServiceDeps, providerName: string): boolean {
  return deps.providers.has(providerName) || deps.connectors?.entry(providerName) !== undefined;
}
