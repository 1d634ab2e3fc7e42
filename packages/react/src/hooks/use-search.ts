import type { BrowserSearchResponse, BrowserSearchResult, SearchRequest } from '@splice/schema';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { searchQuery } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';

const noRequest: SearchRequest = { objectName: '', fieldFilters: [] };

/**
 * Searches records of one integration. Each `search(request)` replaces the previous one: the earlier
 * request, if still running, is aborted (its query loses its only observer and its signal is consumed),
 * so a slow stale answer can never overwrite a newer one. Nothing is sent until `search` is called.
 */
export function useSearch(integrationId: string) {
  const { client, queryClient } = useSpliceContext();
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const query = useQuery<BrowserSearchResponse, SpliceError>(
    {
      ...searchQuery(client, integrationId, request ?? noRequest),
      enabled: request !== null,
      // Records change in the provider: an identical search asked again should ask again.
      staleTime: 0,
    },
    queryClient,
  );
  const { refetch } = query;
  const results: BrowserSearchResult[] | undefined = query.data?.results;

  const search = useCallback(
    (next: SearchRequest) => {
      // The same conditions again: same key, so ask the server again rather than show the cached page.
      if (request !== null && JSON.stringify(request) === JSON.stringify(next)) void refetch();
      else setRequest(next);
    },
    [request, refetch],
  );
  const reset = useCallback(() => setRequest(null), []);

  return {
    search,
    reset,
    /** The conditions of the search shown (or running), or null before the first search. */
    request,
    results,
    error: query.error,
    isSearching: query.isFetching,
    status: request === null ? ('idle' as const) : query.status,
  };
}
