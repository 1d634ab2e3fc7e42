import type { Invite, InviteList } from '@splice/schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invitesQuery, networkMode, spliceKeys } from '../client/query-keys.js';
import type { SpliceError } from '../client/splice-error.js';
import { isSpliceProblem } from '../client/splice-error.js';
import { useSpliceContext } from '../provider/splice-context.js';
import type { SpliceResult } from './settle.js';
import { settle } from './settle.js';

const none: Invite[] = [];

/**
 * The pending invites the signed-in user's group sent (from the server, so they outlive a reload), and
 * `revoke`. `useInvite` refreshes the list after each invite it sends.
 */
export function useInvites() {
  const { client, queryClient } = useSpliceContext();
  const query = useQuery<InviteList, SpliceError>(invitesQuery(client), queryClient);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: spliceKeys.invites(client.baseUrl) }),
    [client.baseUrl, queryClient],
  );
  const mutation = useMutation<void, SpliceError, string>(
    {
      mutationFn: (inviteId) => client.revokeInvite(inviteId),
      retry: false,
      networkMode,
      onSuccess: (_done, inviteId) => {
        // Gone at once, then confirmed by the server's list.
        queryClient.setQueryData<InviteList>(spliceKeys.invites(client.baseUrl), (list) =>
          list ? { invites: list.invites.filter((invite) => invite.id !== inviteId) } : list,
        );
        void refresh();
      },
      // A 404 means it was accepted, expired or revoked meanwhile: the list shows how things stand now.
      onError: (error) => {
        if (isSpliceProblem(error) && error.status === 404) void refresh();
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;
  const revoke = useCallback(
    (inviteId: string): Promise<SpliceResult<void>> => settle(mutateAsync(inviteId)),
    [mutateAsync],
  );
  return {
    invites: query.data?.invites ?? none,
    query,
    revoke,
    /** The invite being revoked right now, if any. */
    revoking: mutation.isPending ? mutation.variables : undefined,
    refresh,
  };
}

export type UseInvitesResult = ReturnType<typeof useInvites>;
