import type { IntegrationDetails } from '@splice/schema';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { integrationQuery } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';

export interface UseIntegrationOptions {
  /** Set false to wait (e.g. until the user opens the panel). Default true. */
  enabled?: boolean;
}

/** Everything about one integration for the signed-in user's group: objects, fields, installation. */
export function useIntegration(
  integrationId: string,
  options: UseIntegrationOptions = {},
): UseQueryResult<IntegrationDetails, SpliceError> {
  const { client, queryClient } = useSpliceContext();
  return useQuery<IntegrationDetails, SpliceError>(
    { ...integrationQuery(client, integrationId), enabled: options.enabled ?? true },
    queryClient,
  );
}
