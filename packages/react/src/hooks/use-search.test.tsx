import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../client/transport.js';
import { jsonResponse, testWrapper } from '../test-utils/test-provider.js';
import { useSearch } from './use-search.js';

function page(id: string) {
  return { results: [{ id, fields: {}, mappedFields: {}, raw: {} }] };
}

describe('useSearch', () => {
  it('sends nothing until the first search', () => {
    const fetch = vi.fn();
    const { result } = renderHook(() => useSearch('int_1'), { wrapper: testWrapper(fetch) });

    expect(result.current.status).toBe('idle');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('aborts a stale search when a new one starts and shows only the newer answer', async () => {
    const signals: AbortSignal[] = [];
    const fetch = vi.fn<FetchLike>((_url, init) => {
      signals.push(init?.signal as AbortSignal);
      const body = JSON.parse(String(init?.body)) as { objectName: string };
      if (body.objectName === 'contacts') {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return Promise.resolve(jsonResponse(page('company-1')));
    });
    const { result } = renderHook(() => useSearch('int_1'), { wrapper: testWrapper(fetch) });

    act(() => result.current.search({ objectName: 'contacts', fieldFilters: [] }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => result.current.search({ objectName: 'companies', fieldFilters: [] }));

    await waitFor(() => expect(result.current.results?.[0]?.id).toBe('company-1'));
    expect(signals[0]?.aborted).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('asks the server again when the same search is repeated', async () => {
    const fetch = vi.fn(async () => jsonResponse(page('r1')));
    const { result } = renderHook(() => useSearch('int_1'), { wrapper: testWrapper(fetch) });
    const request = {
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'email', operator: 'eq' as const, value: 'a' }],
    };

    act(() => result.current.search(request));
    await waitFor(() => expect(result.current.status).toBe('success'));
    act(() => result.current.search({ ...request }));

    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('reports a refused search as an error without retrying it', async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'Unknown field.',
    };
    const fetch = vi.fn(async () => jsonResponse(problem, 400));
    const { result } = renderHook(() => useSearch('int_1'), { wrapper: testWrapper(fetch) });

    act(() => result.current.search({ objectName: 'contacts', fieldFilters: [] }));

    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error?.message).toBe('Unknown field.');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
