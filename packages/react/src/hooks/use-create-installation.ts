import type { CreateInstallationBodyInput, Installation } from '@splice/schema';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../client/idempotency-key.js';
import { networkMode, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { isRetryableError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

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
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<Promise<SpliceResult<Installation>> | null>(null);

  const mutation = useMutation<Installation, SpliceError, InstallVariables>(
    {
      mutationFn: ({ body, idempotencyKey, skipSampling }) =>
        client.createInstallation(integrationId, body, { idempotencyKey, skipSampling }),
      retry: (failureCount, error) => failureCount < 2 && isRetryableError(error),
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
      // A second click while the first request runs joins it instead of sending another.
      if (inFlight.current) return inFlight.current;
      const skipSampling = options.skipSampling ?? false;
      const fingerprint = JSON.stringify([body, skipSampling]);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), fingerprint };
      const idempotencyKey = attempt.current.key;
      const pending = settle(mutateAsync({ body, idempotencyKey, skipSampling })).then((result) => {
        inFlight.current = null;
        if (result.ok || !isRetryableError(result.error)) attempt.current = null;
        return result;
      });
      inFlight.current = pending;
      return pending;
    },
    [mutateAsync],
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
