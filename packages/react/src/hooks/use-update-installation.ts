import type { Installation, UpdateInstallationBodyInput } from '@splice/schema';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../client/idempotency-key.js';
import { networkMode, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { isRetryableError, isSpliceProblem } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

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
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);
  const inFlight = useRef<Promise<SpliceResult<Installation>> | null>(null);

  const mutation = useMutation<Installation, SpliceError, UpdateVariables>(
    {
      mutationFn: ({ body, idempotencyKey, ifMatch, skipSampling }) =>
        client.updateInstallation(integrationId, body, { idempotencyKey, ifMatch, skipSampling }),
      retry: (failureCount, error) => failureCount < 2 && isRetryableError(error),
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
      if (inFlight.current) return inFlight.current;
      const skipSampling = options.skipSampling ?? false;
      const fingerprint = JSON.stringify([body, options.ifMatch, skipSampling]);
      if (attempt.current?.fingerprint !== fingerprint)
        attempt.current = { key: newIdempotencyKey(), fingerprint };
      const idempotencyKey = attempt.current.key;
      const pending = settle(
        mutateAsync({ body, idempotencyKey, ifMatch: options.ifMatch, skipSampling }),
      ).then((result) => {
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
    update,
    installation: mutation.data,
    error: mutation.error,
    isConflict: isConflict(mutation.error),
    isPending: mutation.isPending,
    reset: mutation.reset,
  };
}
