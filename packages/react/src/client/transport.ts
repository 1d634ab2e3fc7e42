import { SpliceNetworkError, SpliceProblem } from './splice-error.js';
import { toProblem } from './to-problem.js';

/** The shape of `fetch` that the client calls (and that tests or instrumentation may supply). */
export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Replaces the global `fetch` (tests, instrumentation). Default: `globalThis.fetch`, read per call. */
  fetch?: FetchLike | undefined;
  /** Deadline for one request, answer body included. Default 30 000 ms. */
  timeoutMs?: number | undefined;
}

/** The header the BFF requires on every unsafe request (its CSRF defence); sent on all for simplicity. */
export const csrfHeader = { name: 'X-Requested-With', value: 'splice' } as const;

const bodilessStatuses = new Set([204, 205, 304]);

function mediaType(response: Response): string | undefined {
  return response.headers.get('Content-Type')?.split(';', 1)[0]?.trim().toLowerCase();
}

function problemFrom(response: Response, text: string): SpliceProblem {
  const type = mediaType(response);
  let body: unknown;
  if (type === 'application/problem+json' || type === 'application/json') {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  return new SpliceProblem(toProblem(body, response.status, response.statusText));
}

function malformed(response: Response): SpliceProblem {
  // A 2xx that is not JSON is usually a host page answering for a wrong base URL (an HTML 200).
  return new SpliceProblem({
    type: 'urn:problem-type:malformed-response',
    title: 'Malformed response',
    status: response.status,
    detail: 'The server answered with something other than JSON. Check the Splice base URL.',
    retryable: false,
  });
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Aborts when the caller aborts or the deadline passes; AbortSignal.any is too recent for every host. */
function linkSignals(caller: AbortSignal | null | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    },
  };
}

/** Sends one BFF request and resolves to the answer's parsed JSON (undefined for a bodiless answer). */
export type SpliceSend = (input: string, init?: RequestInit) => Promise<unknown>;

/**
 * Sends BFF calls: the CSRF header, same-origin cookies, a deadline that covers the body too, and every
 * failure thrown as a `SpliceProblem` (an answer that is not a success, or a success that is not JSON)
 * or a `SpliceNetworkError` (no answer). A caller's abort rethrows the caller's own reason, so cancelled
 * stale requests never show up as errors. It resolves to the parsed body of a 2xx answer.
 */
export function createSpliceSend(options: TransportOptions = {}): SpliceSend {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return async function spliceSend(input, init = {}) {
    const fetchImpl = options.fetch ?? globalThis.fetch;
    const link = linkSignals(init.signal, timeoutMs);
    const headers = new Headers(init.headers);
    headers.set(csrfHeader.name, csrfHeader.value);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json, application/problem+json');
    if (init.body !== undefined && init.body !== null && !headers.has('Content-Type')) {
      headers.set('Content-Type', 'application/json');
    }
    try {
      const response = await fetchImpl(input, {
        ...init,
        headers,
        credentials: 'same-origin',
        signal: link.signal,
      });
      const text = await response.text();
      if (!response.ok) throw problemFrom(response, text);
      if (bodilessStatuses.has(response.status)) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw malformed(response);
      }
    } catch (error) {
      if (error instanceof SpliceProblem) throw error;
      if (link.timedOut()) throw new SpliceNetworkError('timeout', { cause: error });
      if (init.signal?.aborted) throw init.signal.reason ?? error;
      throw new SpliceNetworkError(isOffline() ? 'offline' : 'unreachable', { cause: error });
    } finally {
      link.dispose();
    }
  };
}
