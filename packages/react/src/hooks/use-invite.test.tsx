import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, testWrapper } from '../test-utils/test-provider.js';
import { useInvite } from './use-invite.js';

const invite = {
  id: 'inv_1',
  invitedEmail: 'ada@example.com',
  parentType: 'org',
  parentId: 'org_1',
  status: 'pending',
};

describe('useInvite', () => {
  it('sends one invite for a double submit', async () => {
    const fetch = vi.fn(async () => jsonResponse(invite, 201));
    const { result } = renderHook(() => useInvite(), { wrapper: testWrapper(fetch) });

    await act(async () => {
      await Promise.all([
        result.current.invite({ email: 'ada@example.com' }),
        result.current.invite({ email: 'ada@example.com' }),
      ]);
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.data).toEqual(invite));
  });

  it('never retries an invite that got no answer, since a repeat could invite twice', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useInvite(), { wrapper: testWrapper(fetch) });

    let outcome: Awaited<ReturnType<typeof result.current.invite>> | undefined;
    await act(async () => {
      outcome = await result.current.invite({ email: 'ada@example.com' });
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome?.ok).toBe(false);
  });
});
