/**
 * A refresh-token grant at a provider's token endpoint (RFC 6749 section 6): form-encoded, with the app's
 * client id and secret in the form (HubSpot and Salesforce both take them there). Answers the connection's
 * next tokens, or throws a `ProviderError`: `authInvalid` when the provider refuses the refresh token
 * (`invalid_grant`, or HubSpot's `BAD_REFRESH_TOKEN`), `forbidden` when it refuses the app itself,
 * `rateLimited`, `unavailable` or `malformed` as for any call.
 */
import type { Dispatcher } from 'undici';
import { exchange, redact } from './http-exchange.js';
import { ProviderError } from './provider-error.js';
import type { ConnectionTokens } from './provider-http.js';
import { rateLimitWaitMs } from './rate-limit-wait.js';

export interface OAuthClient {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface RefreshRequest {
  provider: string;
  client: OAuthClient;
  tokens: ConnectionTokens;
  timeoutMs: number;
  now: number;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
}

/** What a user reads when the grant is gone: the one thing that fixes it. */
export const reconnectMessage = (provider: string) =>
  `The connection to ${provider} is no longer authorized (the access was revoked or expired). Reconnect the ${provider} account to resume.`;

/** The token endpoint's refusal codes that mean "this refresh token will never work again". */
const deadGrantCodes = new Set(['invalid_grant', 'BAD_REFRESH_TOKEN']);
const badClientCodes = new Set([
  'invalid_client',
  'unauthorized_client',
  'BAD_CLIENT_ID',
  'BAD_CLIENT_SECRET',
]);

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  instance_url?: unknown;
  error?: unknown;
  status?: unknown;
}

function parse(text: string): TokenAnswer | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as TokenAnswer) : undefined;
  } catch {
    return undefined;
  }
}

export async function refreshTokens(call: RefreshRequest): Promise<ConnectionTokens> {
  const { provider, client, tokens } = call;
  const secrets = [tokens.accessToken, tokens.refreshToken, client.clientSecret];
  if (!tokens.refreshToken) {
    throw new ProviderError('authInvalid', reconnectMessage(provider), { provider });
  }
  const answer = await exchange({
    provider,
    method: 'POST',
    url: new URL(client.tokenUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: tokens.refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
    timeoutMs: call.timeoutMs,
    signal: call.signal,
    dispatcher: call.dispatcher,
    secrets,
  });
  const { status } = answer;
  if (status === 429) {
    throw new ProviderError(
      'rateLimited',
      `${provider} is limiting token refreshes; waiting before retrying.`,
      {
        provider,
        status,
        retryAfterMs: rateLimitWaitMs(answer.headers, call.now),
      },
    );
  }
  if (status >= 500) {
    throw new ProviderError(
      'unavailable',
      `${provider}'s token endpoint answered ${status}; try again later.`,
      {
        provider,
        status,
      },
    );
  }
  const body = parse(answer.text);
  if (status >= 400) {
    const codes = [body?.error, body?.status].filter((code): code is string => typeof code === 'string');
    if (codes.some((code) => deadGrantCodes.has(code))) {
      throw new ProviderError('authInvalid', reconnectMessage(provider), { provider, status });
    }
    if (codes.some((code) => badClientCodes.has(code))) {
      throw new ProviderError(
        'forbidden',
        `${provider} refused the app's client credentials (${codes.join(', ')}); check the configured client id and secret.`,
        { provider, status },
      );
    }
    throw new ProviderError(
      status === 401 || status === 403 ? 'authInvalid' : 'badRequest',
      status === 401 || status === 403
        ? reconnectMessage(provider)
        : `${provider}'s token endpoint refused the refresh (${status}: ${redact(codes.join(', ') || 'no error code', secrets)}).`,
      { provider, status },
    );
  }
  if (!body || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ProviderError(
      'malformed',
      `${provider}'s token endpoint answered ${status} without an access token.`,
      {
        provider,
        status,
      },
    );
  }
  const expiresIn = Number(body.expires_in);
  const next: ConnectionTokens = {
    accessToken: body.access_token,
    // A provider that does not rotate answers no new refresh token: the old one stays valid.
    refreshToken:
      typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : tokens.refreshToken,
  };
  if (body.expires_in !== undefined && Number.isFinite(expiresIn)) {
    next.expiresAtMs = call.now + expiresIn * 1000;
    next.obtainedAtMs = call.now;
  }
  const instanceUrl = typeof body.instance_url === 'string' ? body.instance_url : tokens.instanceUrl;
  if (instanceUrl) next.instanceUrl = instanceUrl;
  return next;
}
