import type { Invite, InviteRequest } from '@splice/schema';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { networkMode, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

/**
 * Invites a person to the signed-in user's organization. Invites carry no idempotency key, so they are
 * never retried automatically, and a second submit while one is running joins it. A success refreshes
 * `useInvites`.
 */
export function useInvite() {
  const { client, queryClient } = useSpliceContext();
  const inFlight = useRef<Promise<SpliceResult<Invite>> | null>(null);
  const mutation = useMutation<Invite, SpliceError, InviteRequest>(
    {
      mutationFn: (request) => client.createInvite(request),
      retry: false,
      networkMode,
      // The group's pending invites (`useInvites`) now include this one.
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: spliceKeys.invites(client.baseUrl) });
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;

  const invite = useCallback(
    (request: InviteRequest): Promise<SpliceResult<Invite>> => {
      if (inFlight.current) return inFlight.current;
      const pending = settle(mutateAsync(request)).finally(() => {
        inFlight.current = null;
      });
      inFlight.current = pending;
      return pending;
    },
    [mutateAsync],
  );

  return {
    invite,
    data: mutation.data,
    error: mutation.error,
    status: mutation.status,
    isPending: mutation.isPending,
    reset: mutation.reset,
  };
}
