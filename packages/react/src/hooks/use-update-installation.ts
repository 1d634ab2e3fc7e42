import type { Installation, UpdateInstallationBodyInput } from '@splice/schema';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { networkMode, shouldRetryRead, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { isSpliceProblem } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import { useKeyedSend } from './keyed-send.js';
import type { SpliceResult } from './settle.js';

export interface UpdateOptions {
  /** The version the edit started from: `installationVersionTag(installation)`. */
  ifMatch: string;
  skipSampling?: boolean;
}

interface UpdateVariables {
  body: UpdateInstallationBodyInput;
  idempotencyKey: string;
  ifMatch: string;
  skipSampling: boolean;
}

/** True when a save was refused because someone else changed the installation since it was loaded. */
export function isConflict(error: unknown): boolean {
  return isSpliceProblem(error) && error.status === 412;
}

/**
 * Saves changes to the group's installation. Like a create, one Idempotency-Key covers a double click
 * and retries of one save; `If-Match` names the version the edit started from, so a save over someone
 * else's newer change is refused (`isConflict(error)`) instead of overwriting it.
 */
export function useUpdateInstallation(integrationId: string) {
  const { client, queryClient } = useSpliceContext();
  const keyedSend = useKeyedSend<Installation>();

  const mutation = useMutation<Installation, SpliceError, UpdateVariables>(
    {
      mutationFn: ({ body, idempotencyKey, ifMatch, skipSampling }) =>
        client.updateInstallation(integrationId, body, { idempotencyKey, ifMatch, skipSampling }),
      retry: shouldRetryRead,
      networkMode,
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: spliceKeys.integration(client.baseUrl, integrationId) }),
          queryClient.invalidateQueries({ queryKey: spliceKeys.syncStatus(client.baseUrl, integrationId) }),
        ]),
    },
    queryClient,
  );
  const { mutateAsync } = mutation;

  const update = useCallback(
    (body: UpdateInstallationBodyInput, options: UpdateOptions): Promise<SpliceResult<Installation>> => {
      const { ifMatch } = options;
      const skipSampling = options.skipSampling ?? false;
      return keyedSend([body, ifMatch, skipSampling], (idempotencyKey) =>
        mutateAsync({ body, idempotencyKey, ifMatch, skipSampling }),
      );
    },
    [mutateAsync, keyedSend],
  );

  return {
    update,
    installation: mutation.data,
    error: mutation.error,
    isConflict: isConflict(mutation.error),
    isPending: mutation.isPending,
    reset: mutation.reset,
  };
}
