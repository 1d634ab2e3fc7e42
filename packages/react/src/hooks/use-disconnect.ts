import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { networkMode, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

/**
 * Disconnects the group from the integration's provider: its connection is deleted. While an installation
 * reads through it, the BFF refuses with a 409 problem (`connection-in-use`). On success the connection,
 * the integration's details and the sync status are read again, so every component shows "not connected".
 */
export function useDisconnect(integrationId: string) {
  const { client, queryClient } = useSpliceContext();
  const mutation = useMutation<void, SpliceError, void>(
    {
      mutationFn: () => client.disconnect(integrationId),
      // Never retried behind the user's back: they see the outcome and choose again (harmless: with
      // nothing left to delete the BFF answers 204).
      retry: 0,
      networkMode,
      onSuccess: async () => {
        await Promise.all(
          [spliceKeys.connection, spliceKeys.integration, spliceKeys.syncStatus].map((key) =>
            queryClient.invalidateQueries({ queryKey: key(client.baseUrl, integrationId) }),
          ),
        );
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;
  const disconnect = useCallback((): Promise<SpliceResult<void>> => settle(mutateAsync()), [mutateAsync]);
  return { disconnect, isPending: mutation.isPending, error: mutation.error, reset: mutation.reset };
}
