/**
 * One proxied request: sent once (never retried, never redirected) to the provider with the connection's
 * token, which the connectors' HTTP layer refreshes before it expires, and answered with the provider's
 * status, headers and body as a stream, so a large answer is never held whole in memory.
 */
import { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';
import type { ProviderAccess } from '../connectors/create-provider-http.js';
import { redact } from '../connectors/http-exchange.js';
import { headersFromProvider, headersToProvider } from './proxy-headers.js';
import { proxyTarget, redirectWithinProvider } from './proxy-target.js';

export interface PassThrough {
  provider: string;
  access: ProviderAccess;
  method: string;
  /** The provider path and query, as the caller wrote them after the proxy's prefix. */
  pathAndQuery: string;
  headers: Headers;
  body: Uint8Array | undefined;
  /** Where the proxy is mounted: a redirect within the provider is answered under it. */
  prefix: string;
  /** Until the provider's headers arrive, and between two chunks of its body. */
  timeoutMs: number;
  dispatcher?: Dispatcher;
}

export type PassThroughResult =
  | { kind: 'answer'; response: Response }
  | { kind: 'offProvider'; status: number }
  | { kind: 'unreachable'; message: string };

export async function sendThrough(call: PassThrough): Promise<PassThroughResult> {
  const url = proxyTarget(call.access.baseUrl, call.pathAndQuery);
  const headers = headersToProvider(call.headers);
  headers.authorization = `Bearer ${call.access.accessToken}`;
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(url, {
      method: call.method as Dispatcher.HttpMethod,
      headers,
      body: call.body && call.body.byteLength > 0 ? call.body : null,
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
      ...(call.dispatcher && { dispatcher: call.dispatcher }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'unreachable',
      message: `${call.provider} could not be reached (${redact(message, [call.access.accessToken])}).`,
    };
  }
  const out = headersFromProvider(answer.headers);
  const status = answer.statusCode;
  const location = answer.headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    const within = redirectWithinProvider(
      call.access.baseUrl,
      Array.isArray(location) ? (location[0] ?? '') : location,
      url,
    );
    if (within === undefined) {
      await answer.body.dump().catch(() => undefined);
      return { kind: 'offProvider', status };
    }
    out.set('location', `${call.prefix}${within}`);
  }
  const body =
    status === 204 || status === 304 || call.method === 'HEAD'
      ? null
      : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>);
  if (body === null) await answer.body.dump().catch(() => undefined);
  return { kind: 'answer', response: new Response(body, { status, headers: out }) };
}
