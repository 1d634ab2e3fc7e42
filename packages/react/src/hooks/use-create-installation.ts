import type { CreateInstallationBodyInput, Installation } from '@splice/schema';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { networkMode, shouldRetryRead, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import { useKeyedSend } from './keyed-send.js';
import type { SpliceResult } from './settle.js';

export interface InstallOptions {
  /** Skip the sample read that checks the config against the provider. Default false. */
  skipSampling?: boolean;
}

interface InstallVariables {
  body: CreateInstallationBodyInput;
  idempotencyKey: string;
  skipSampling: boolean;
}

/**
 * Creates the group's installation. A double click, a retry after a lost answer and TanStack Query's own
 * retries all reuse one Idempotency-Key, so the BFF creates one installation. The key is dropped once the
 * server has decided (success or a 4xx): repeating a decided request with the same key would only replay
 * the old answer, even after the user fixed the cause elsewhere (e.g. reconnected the account).
 */
export function useCreateInstallation(integrationId: string) {
  const { client, queryClient } = useSpliceContext();
  const keyedSend = useKeyedSend<Installation>();

  const mutation = useMutation<Installation, SpliceError, InstallVariables>(
    {
      mutationFn: ({ body, idempotencyKey, skipSampling }) =>
        client.createInstallation(integrationId, body, { idempotencyKey, skipSampling }),
      retry: shouldRetryRead,
      networkMode,
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: spliceKeys.integration(client.baseUrl, integrationId) }),
    },
    queryClient,
  );
  const { mutateAsync } = mutation;

  const install = useCallback(
    (
      body: CreateInstallationBodyInput,
      options: InstallOptions = {},
    ): Promise<SpliceResult<Installation>> => {
      const skipSampling = options.skipSampling ?? false;
      return keyedSend([body, skipSampling], (idempotencyKey) =>
        mutateAsync({ body, idempotencyKey, skipSampling }),
      );
    },
    [mutateAsync, keyedSend],
  );

  return {
    install,
    installation: mutation.data,
    error: mutation.error,
    status: mutation.status,
    isPending: mutation.isPending,
    reset: mutation.reset,
  };
}
