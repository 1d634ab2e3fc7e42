import type { IntegrationCatalog } from '@splice/schema';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { catalogQuery } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';

/**
 * Every integration of the project, each with the signed-in user's group's connection and installation
 * state: what an integrations catalog lists.
 */
export function useIntegrations(): UseQueryResult<IntegrationCatalog, SpliceError> {
  const { client, queryClient } = useSpliceContext();
  return useQuery<IntegrationCatalog, SpliceError>(
    // Each state changes elsewhere (a wizard installs, a popup connects, a status card pauses): a
    // catalog shown reads again on each mount rather than trust a minute-old answer.
    { ...catalogQuery(client), staleTime: 0 },
    queryClient,
  );
}
