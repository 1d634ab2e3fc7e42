import type { CreateInstallationBodyInput } from '@splice/schema';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../client/transport.js';
import { jsonResponse, testWrapper } from '../test-utils/test-provider.js';
import { useCreateInstallation } from './use-create-installation.js';
import { useIntegration } from './use-integration.js';

const body: CreateInstallationBodyInput = { config: { content: { provider: 'sandbox' } } };
const installation = { id: 'ins_1' };

function keyOf(call: unknown[] | undefined): string | null {
  return new Headers((call?.[1] as RequestInit | undefined)?.headers).get('Idempotency-Key');
}

describe('useCreateInstallation', () => {
  it('sends one request for a double click and gives both clicks the same installation', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    let first!: ReturnType<typeof result.current.install>;
    let second!: ReturnType<typeof result.current.install>;
    act(() => {
      first = result.current.install(body);
      second = result.current.install(body);
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(jsonResponse(installation, 201));

    await expect(first).resolves.toEqual({ ok: true, data: installation });
    await expect(second).resolves.toEqual({ ok: true, data: installation });
    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.installation).toEqual(installation));
  });

  it('retries a lost answer with the same Idempotency-Key so the server creates one installation', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(installation, 201));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    let outcome: Awaited<ReturnType<typeof result.current.install>> | undefined;
    await act(async () => {
      outcome = await result.current.install(body);
    });

    expect(outcome).toEqual({ ok: true, data: installation });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keyOf(fetch.mock.calls[0])).toBeTruthy();
    expect(keyOf(fetch.mock.calls[1])).toBe(keyOf(fetch.mock.calls[0]));
  });

  it('keeps the key for a manual retry after the answer was lost, and the same body', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValue(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    await act(async () => {
      await result.current.install(body);
    });
    fetch.mockResolvedValueOnce(jsonResponse(installation, 201));
    await act(async () => {
      await result.current.install(body);
    });

    const keys = fetch.mock.calls.map((call) => keyOf(call));
    expect(new Set(keys).size).toBe(1);
  });

  it('uses a new key once the server has refused the request, so a corrected retry really runs', async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      retryable: false,
    };
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(problem, 400))
      .mockResolvedValueOnce(jsonResponse(installation, 201));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    let refused: Awaited<ReturnType<typeof result.current.install>> | undefined;
    await act(async () => {
      refused = await result.current.install(body);
    });
    await act(async () => {
      await result.current.install(body);
    });

    expect(refused?.ok).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keyOf(fetch.mock.calls[1])).not.toBe(keyOf(fetch.mock.calls[0]));
  });

  it('does not retry a refused create on its own', async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Unprocessable',
      status: 422,
      retryable: false,
    };
    const fetch = vi.fn().mockResolvedValue(jsonResponse(problem, 422));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    await act(async () => {
      await result.current.install(body);
    });

    expect(fetch).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current.error?.message).toBe('Unprocessable'));
  });

  it('uses a new key when the user changed the config after a lost answer', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(installation, 201));
    const { result } = renderHook(() => useCreateInstallation('int_1'), { wrapper: testWrapper(fetch) });

    await act(async () => {
      await result.current.install(body);
    });
    await act(async () => {
      await result.current.install({
        config: { content: { provider: 'sandbox', proxy: { enabled: true } } },
      });
    });

    expect(fetch).toHaveBeenCalledTimes(4);
    expect(keyOf(fetch.mock.calls[3])).not.toBe(keyOf(fetch.mock.calls[0]));
  });

  it('reloads the integration after installing, so the new installation shows', async () => {
    const fetch = vi.fn<FetchLike>(async (_url, init) =>
      init?.method === 'POST' ? jsonResponse(installation, 201) : jsonResponse({ installation: null }),
    );
    const { result } = renderHook(
      () => ({ create: useCreateInstallation('int_1'), details: useIntegration('int_1') }),
      {
        wrapper: testWrapper(fetch),
      },
    );
    await waitFor(() => expect(result.current.details.isSuccess).toBe(true));

    await act(async () => {
      await result.current.create.install(body);
    });

    await waitFor(() =>
      expect(fetch.mock.calls.filter(([, init]) => init?.method === 'GET')).toHaveLength(2),
    );
  });
});
