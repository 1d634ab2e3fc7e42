import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../client/idempotency-key.js';
import { networkMode, shouldRetryRead, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { isRetryableError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

/**
 * Uninstalls the integration for the group. On success every cached answer of this BFF mount is reset
 * (wizard data, connection, status, searches): what is on screen asks again and sees a group with
 * nothing installed, so the wizard offers a fresh install.
 */
export function useUninstall(integrationId: string) {
  const { client, queryClient } = useSpliceContext();
  const key = useRef<string | null>(null);
  const mutation = useMutation<void, SpliceError, { idempotencyKey: string; ifMatch?: string }>(
    {
      mutationFn: ({ idempotencyKey, ifMatch }) =>
        client.uninstall(integrationId, { idempotencyKey, ...(ifMatch ? { ifMatch } : {}) }),
      retry: shouldRetryRead,
      networkMode,
      onSuccess: async () => {
        // Reset, not just removed: components still showing the installation ask again at once.
        await queryClient.resetQueries({ queryKey: spliceKeys.base(client.baseUrl) });
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;
  const uninstall = useCallback(
    (options: { ifMatch?: string } = {}): Promise<SpliceResult<void>> => {
      key.current ??= newIdempotencyKey();
      return settle(
        mutateAsync({
          idempotencyKey: key.current,
          ...(options.ifMatch ? { ifMatch: options.ifMatch } : {}),
        }),
      ).then((result) => {
        if (result.ok || !isRetryableError(result.error)) key.current = null;
        return result;
      });
    },
    [mutateAsync],
  );
  return {
    uninstall,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    error: mutation.error,
    reset: mutation.reset,
  };
}
