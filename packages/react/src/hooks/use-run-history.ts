import type { RunHistory } from '@splice/schema';
import { useQuery } from '@tanstack/react-query';
import { runHistoryQuery } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';

export interface UseRunHistoryOptions {
  /** Set false to wait, e.g. until the user opens the history. Default true. */
  enabled?: boolean;
}

/**
 * One object's recent reads (scheduled, Run now, backfill), newest first, each with when, what kind, the
 * outcome and why it failed. Its key sits under the sync status's, so whatever refreshes the status (a
 * reconnect, say) refreshes the history too.
 */
export function useRunHistory(integrationId: string, objectName: string, options: UseRunHistoryOptions = {}) {
  const { client, queryClient } = useSpliceContext();
  return useQuery<RunHistory, SpliceError>(
    { ...runHistoryQuery(client, integrationId, objectName), enabled: options.enabled ?? true },
    queryClient,
  );
}

export type UseRunHistoryResult = ReturnType<typeof useRunHistory>;
