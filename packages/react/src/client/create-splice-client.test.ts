import { describe, expect, it, vi } from 'vitest';
import { createSpliceClient } from './create-splice-client.js';
import { SpliceNetworkError, SpliceProblem } from './splice-error.js';
import type { FetchLike } from './transport.js';

function json(body: unknown, status = 200, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

function fakeFetch(response: () => Response | Promise<Response>) {
  return vi.fn<FetchLike>(async () => response());
}

function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

describe('createSpliceClient', () => {
  it('sends the CSRF header, same-origin credentials and a JSON body to the base URL', async () => {
    const fetch = fakeFetch(() => json({ id: 'inv_1' }, 201));
    const client = createSpliceClient({ baseUrl: '/api/splice/', fetch });

    await client.createInvite({ email: 'ada@example.com' });

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/splice/invites');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(headersOf(init).get('X-Requested-With')).toBe('splice');
    expect(headersOf(init).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
  });

  it('reads an integration with GET, no body, and the integration ID encoded into the path', async () => {
    const fetch = fakeFetch(() => json({ searchableObjects: [] }));
    const client = createSpliceClient({ baseUrl: '/bff', fetch });

    await client.getIntegration('crm/one');

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/bff/integrations/crm%2Fone');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    expect(headersOf(init).has('Content-Type')).toBe(false);
  });

  it('sends the idempotency key as a header and skipSampling as a query parameter on create', async () => {
    const fetch = fakeFetch(() => json({ id: 'ins_1' }, 201));
    const client = createSpliceClient({ baseUrl: '/bff', fetch });

    await client.createInstallation(
      'int_1',
      { config: { content: { provider: 'sandbox' } } },
      { idempotencyKey: 'key-1', skipSampling: true },
    );

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/bff/integrations/int_1/installations?skipSampling=true');
    expect(headersOf(init).get('Idempotency-Key')).toBe('key-1');
    expect(JSON.parse(String(init?.body))).toEqual({ config: { content: { provider: 'sandbox' } } });
  });

  it('leaves skipSampling out unless it is asked for', async () => {
    const fetch = fakeFetch(() => json({ id: 'ins_1' }, 201));
    const client = createSpliceClient({ baseUrl: '/bff', fetch });

    await client.createInstallation(
      'int_1',
      { config: { content: { provider: 'sandbox' } } },
      { idempotencyKey: 'k' },
    );

    expect(String(fetch.mock.calls[0]![0])).toBe('/bff/integrations/int_1/installations');
  });

  it('posts a search to the integration search route and returns its results', async () => {
    const answer = { results: [{ id: 'r1', fields: {}, mappedFields: {}, raw: {} }] };
    const fetch = fakeFetch(() => json(answer));
    const client = createSpliceClient({ baseUrl: '/bff', fetch });

    const result = await client.search('int_1', { objectName: 'contacts', fieldFilters: [] });

    expect(String(fetch.mock.calls[0]![0])).toBe('/bff/integrations/int_1/search');
    expect(result).toEqual(answer);
  });

  it('turns a problem+json 400 into a SpliceProblem carrying its issues and request ID', async () => {
    const problem = {
      type: 'urn:problem-type:validation',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has 1 invalid value: email.',
      requestId: 'req-9',
      retryable: false,
      issues: [{ type: 'x', detail: 'Enter a valid e-mail.', in: 'body', name: 'email', value: 'nope' }],
    };
    const client = createSpliceClient({
      baseUrl: '/bff',
      fetch: fakeFetch(() => json(problem, 400, 'application/problem+json')),
    });

    const error = await client.createInvite({ email: 'nope' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SpliceProblem);
    const spliceProblem = error as SpliceProblem;
    expect(spliceProblem.status).toBe(400);
    expect(spliceProblem.type).toBe('urn:problem-type:validation');
    expect(spliceProblem.detail).toBe('The request has 1 invalid value: email.');
    expect(spliceProblem.requestId).toBe('req-9');
    expect(spliceProblem.retryable).toBe(false);
    expect(spliceProblem.issues).toEqual([
      { type: 'x', detail: 'Enter a valid e-mail.', in: 'body', name: 'email', value: 'nope' },
    ]);
  });

  it('marks a 503 without a retryable flag as retryable', async () => {
    const client = createSpliceClient({
      baseUrl: '/bff',
      fetch: fakeFetch(() =>
        json({ type: 'about:blank', title: 'Busy', status: 503 }, 503, 'application/problem+json'),
      ),
    });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceProblem;

    expect(error.retryable).toBe(true);
  });

  it('still gives a SpliceProblem with the HTTP status when a proxy answers with HTML', async () => {
    const client = createSpliceClient({
      baseUrl: '/bff',
      fetch: fakeFetch(
        () =>
          new Response('<html>Bad gateway</html>', {
            status: 502,
            statusText: 'Bad Gateway',
            headers: { 'Content-Type': 'text/html' },
          }),
      ),
    });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceProblem;

    expect(error).toBeInstanceOf(SpliceProblem);
    expect(error.status).toBe(502);
    expect(error.title).toBe('Bad Gateway');
    expect(error.retryable).toBe(true);
  });

  it('reports a 200 that is not JSON as a malformed response, not as success', async () => {
    const client = createSpliceClient({
      baseUrl: '/wrong',
      fetch: fakeFetch(
        () => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      ),
    });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceProblem;

    expect(error).toBeInstanceOf(SpliceProblem);
    expect(error.type).toBe('urn:problem-type:malformed-response');
  });

  it('turns a fetch that rejects into a SpliceNetworkError of kind unreachable', async () => {
    const client = createSpliceClient({
      baseUrl: '/bff',
      fetch: vi.fn<FetchLike>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceNetworkError;

    expect(error).toBeInstanceOf(SpliceNetworkError);
    expect(error.kind).toBe('unreachable');
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('says offline when the browser reports no network', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createSpliceClient({
      baseUrl: '/bff',
      fetch: vi.fn<FetchLike>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceNetworkError;

    expect(error.kind).toBe('offline');
    onLine.mockRestore();
  });

  it('gives up after the deadline with a SpliceNetworkError of kind timeout', async () => {
    const hanging = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createSpliceClient({ baseUrl: '/bff', fetch: hanging, timeoutMs: 20 });

    const error = (await client.getIntegration('i').catch((e: unknown) => e)) as SpliceNetworkError;

    expect(error).toBeInstanceOf(SpliceNetworkError);
    expect(error.kind).toBe('timeout');
  });

  it("rethrows the caller's abort reason rather than a network error when the caller cancels", async () => {
    const hanging = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const client = createSpliceClient({ baseUrl: '/bff', fetch: hanging });
    const controller = new AbortController();
    const reason = new Error('stale search');

    const pending = client.search(
      'i',
      { objectName: 'contacts', fieldFilters: [] },
      { signal: controller.signal },
    );
    controller.abort(reason);

    await expect(pending).rejects.toBe(reason);
  });
});
