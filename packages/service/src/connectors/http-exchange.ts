/**
 * One HTTP exchange with a provider (its API or its token endpoint) through undici: the answer's status,
 * headers and text, or a `ProviderError('unavailable')` for a timeout or a broken connection. Secrets the
 * exchange carries (tokens, the client secret) are cut out of every message it builds, and a transport
 * error's cause is rebuilt from its code and redacted message, never passed on as the original object
 * (whose fields may hold the request).
 */
import { type Dispatcher, request } from 'undici';
import { ProviderError } from './provider-error.js';

export interface Exchange {
  provider: string;
  method: Dispatcher.HttpMethod;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** From sending to the answer's last byte. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  dispatcher?: Dispatcher | undefined;
  /** Values that must not appear in any error this exchange throws. */
  secrets: readonly (string | undefined)[];
}

export interface ExchangeAnswer {
  status: number;
  /** Names in lower case; a repeated header's first value. */
  headers: Record<string, string>;
  text: string;
}

/** The text with every secret replaced by `[redacted]`. */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) flat[name.toLowerCase()] = first;
  }
  return flat;
}

export async function exchange(call: Exchange): Promise<ExchangeAnswer> {
  const deadline = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
  try {
    const answer = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body ?? null,
      signal,
      ...(call.dispatcher && { dispatcher: call.dispatcher }),
    });
    const text = await answer.body.text();
    return { status: answer.statusCode, headers: flatHeaders(answer.headers), text };
  } catch (error) {
    // The caller's own cancellation is not the provider's failure: it goes back as the caller's reason.
    if (call.signal?.aborted) throw call.signal.reason;
    const code = (error as { code?: unknown } | null)?.code;
    const what = deadline.aborted
      ? `did not answer within ${call.timeoutMs} ms`
      : `could not be reached (${typeof code === 'string' ? code : 'connection failed'})`;
    const cause = new Error(redact(error instanceof Error ? error.message : String(error), call.secrets));
    if (typeof code === 'string') Object.assign(cause, { code });
    throw new ProviderError(
      'unavailable',
      `${call.provider} ${what} for ${call.method} ${redact(call.url.pathname, call.secrets)}; try again later.`,
      { provider: call.provider, cause, transport: deadline.aborted ? 'timeout' : 'reset' },
    );
  }
}
