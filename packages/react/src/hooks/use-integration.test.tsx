import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../client/transport.js';
import { jsonResponse, testWrapper } from '../test-utils/test-provider.js';
import { useIntegration } from './use-integration.js';

describe('useIntegration', () => {
  it('loads the integration details from the BFF', async () => {
    const details = { searchableObjects: ['contacts'] };
    const fetch = vi.fn<FetchLike>(async () => jsonResponse(details));
    const { result } = renderHook(() => useIntegration('int_1'), { wrapper: testWrapper(fetch) });

    await waitFor(() => expect(result.current.data).toEqual(details));
    expect(fetch.mock.calls[0]?.[0]).toBe('/bff/integrations/int_1');
  });

  it('does not retry a 404, which another attempt cannot fix', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      jsonResponse({ type: 'about:blank', title: 'Not Found', status: 404 }, 404),
    );
    const { result } = renderHook(() => useIntegration('nope'), { wrapper: testWrapper(fetch) });

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 404 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a request that got no answer', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ searchableObjects: [] }));
    const { result } = renderHook(() => useIntegration('int_1'), { wrapper: testWrapper(fetch) });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('explains that a provider is missing when used outside SpliceProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useIntegration('int_1'))).toThrow(/SpliceProvider/);
    vi.restoreAllMocks();
  });
});
