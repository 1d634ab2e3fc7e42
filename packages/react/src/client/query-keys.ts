import type { SearchRequest } from '@splice/schema';
import type { SpliceClient } from './create-splice-client.js';
import { isRetryableError } from './splice-error.js';

/**
 * Query keys, outside React. The base URL is part of every key so that two providers sharing one
 * QueryClient (two BFF mounts on one page) never read each other's cache.
 */
export const spliceKeys = {
  all: ['splice'] as const,
  base: (baseUrl: string) => ['splice', baseUrl] as const,
  catalog: (baseUrl: string) => ['splice', baseUrl, 'catalog'] as const,
  integration: (baseUrl: string, integrationId: string) =>
    ['splice', baseUrl, 'integration', integrationId] as const,
  connection: (baseUrl: string, integrationId: string) =>
    ['splice', baseUrl, 'connection', integrationId] as const,
  searches: (baseUrl: string, integrationId: string) => ['splice', baseUrl, 'search', integrationId] as const,
  search: (baseUrl: string, integrationId: string, request: SearchRequest) =>
    ['splice', baseUrl, 'search', integrationId, request] as const,
  syncStatus: (baseUrl: string, integrationId: string) =>
    ['splice', baseUrl, 'sync-status', integrationId] as const,
  /** Under the sync status's key: whatever refreshes the status refreshes every object's runs too. */
  runHistory: (baseUrl: string, integrationId: string, objectName: string) =>
    ['splice', baseUrl, 'sync-status', integrationId, 'runs', objectName] as const,
  invites: (baseUrl: string) => ['splice', baseUrl, 'invites'] as const,
};

/** Retries reads only when another attempt can help (no answer, or a problem marked retryable). */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isRetryableError(error);
}

/**
 * TanStack Query's default `networkMode: 'online'` pauses a request while the browser says it is
 * offline, so the user would wait with no word. Splice always sends: the transport then reports
 * "You appear to be offline" at once, with a retry, and nothing typed is lost.
 */
export const networkMode = 'always' as const;

export function catalogQuery(client: SpliceClient) {
  return {
    networkMode,
    queryKey: spliceKeys.catalog(client.baseUrl),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.listIntegrations({ signal }),
    retry: shouldRetryRead,
  };
}

export function integrationQuery(client: SpliceClient, integrationId: string) {
  return {
    networkMode,
    queryKey: spliceKeys.integration(client.baseUrl, integrationId),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.getIntegration(integrationId, { signal }),
    retry: shouldRetryRead,
  };
}

export function searchQuery(client: SpliceClient, integrationId: string, request: SearchRequest) {
  return {
    networkMode,
    queryKey: spliceKeys.search(client.baseUrl, integrationId, request),
    // Consuming the signal is what lets TanStack Query abort a stale search when the key changes.
    queryFn: ({ signal }: { signal: AbortSignal }) => client.search(integrationId, request, { signal }),
    retry: shouldRetryRead,
  };
}

export function connectionQuery(client: SpliceClient, integrationId: string) {
  return {
    networkMode,
    queryKey: spliceKeys.connection(client.baseUrl, integrationId),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.getConnection(integrationId, { signal }),
    retry: shouldRetryRead,
  };
}

export function syncStatusQuery(client: SpliceClient, integrationId: string) {
  return {
    networkMode,
    queryKey: spliceKeys.syncStatus(client.baseUrl, integrationId),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.getSyncStatus(integrationId, { signal }),
    retry: shouldRetryRead,
  };
}

export function runHistoryQuery(client: SpliceClient, integrationId: string, objectName: string) {
  return {
    networkMode,
    queryKey: spliceKeys.runHistory(client.baseUrl, integrationId, objectName),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      client.getRunHistory(integrationId, objectName, { signal }),
    retry: shouldRetryRead,
  };
}

export function invitesQuery(client: SpliceClient) {
  return {
    networkMode,
    queryKey: spliceKeys.invites(client.baseUrl),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.listInvites({ signal }),
    retry: shouldRetryRead,
  };
}
