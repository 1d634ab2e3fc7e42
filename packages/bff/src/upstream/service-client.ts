import type { ServiceClientOptions } from './clients/client-kit.js';
import { createClientKit } from './clients/client-kit.js';
import { createConnectionsClient } from './clients/connections.js';
import { createInstallationsClient } from './clients/installations.js';
import { createIntegrationsClient } from './clients/integrations.js';
import { createInvitesClient } from './clients/invites.js';
import { createReadsClient } from './clients/reads.js';
import { createSearchClient } from './clients/search.js';

export type { CallContext } from './call.js';
export type { ServiceClientOptions } from './clients/client-kit.js';

/**
 * The service's operations, as the BFF uses them: one small client per resource (under `clients/`, as
 * `routes/` is laid out), over one caller; each answer is read tolerantly before anything uses it.
 */
export function createServiceClient(options: ServiceClientOptions) {
  const kit = createClientKit(options);
  return {
    ...createIntegrationsClient(kit),
    ...createInstallationsClient(kit),
    ...createConnectionsClient(kit),
    ...createInvitesClient(kit),
    ...createReadsClient(kit),
    ...createSearchClient(kit),
  };
}

export type ServiceClient = ReturnType<typeof createServiceClient>;
