/**
 * `ProviderHttp` for one connection over undici. Each call carries the connection's bearer token; a token
 * that expires within `refreshMarginMs` is refreshed first, and a 401 on an older token refreshes once and
 * retries once. Refreshes of one connection are shared within the process (one in flight, every caller
 * awaits it), because with rotating refresh tokens a second refresh with the same token would revoke the
 * grant; across processes the refresh is claimed in the store first (`claimedRefresh`). The rotated tokens are stored compare-and-set: when another writer got there first, its tokens are
 * used and ours dropped, so a retired refresh token is never sent again.
 *
 * The connection's status goes to the token source only when it changes (`working` after a success,
 * `bad_credentials` when the grant is gone), so a busy read costs no write per call. What was reported is
 * remembered with the tokens it was about: a reconnect stores new tokens (and a fresh status) without this
 * process knowing, so tokens it has not reported on start unknown and their first outcome is reported. A
 * refresh this process stored carries the report over to the rotated tokens.
 */
import type { Dispatcher } from 'undici';
import { type AccountLimiter, BudgetWait } from './account-limiter/account-limiter.js';
import { currentPriority } from './account-limiter/call-priority.js';
import type { RateLimitPolicy } from './account-limiter/rate-limit-policy.js';
import { exchange, redact } from './http-exchange.js';
import { ProviderError } from './provider-error.js';
import type {
  ConnectionTokenSource,
  ConnectionTokens,
  ProviderHttp,
  ProviderRequest,
  ProviderResponse,
} from './provider-http.js';
import { rateLimitWaitMs } from './rate-limit-wait.js';
import { claimedRefresh, defaultRefreshClaimTiming, type RefreshClaimTiming } from './refresh-claim.js';
import { type OAuthClient, reconnectMessage, refreshTokens } from './refresh-tokens.js';

export interface ProviderHttpOptions {
  /** The catalog's provider name, used in messages. */
  provider: string;
  /** Identifies the connection: every `ProviderHttp` of one connection in this process shares its refresh. */
  connectionId: string;
  tokens: ConnectionTokenSource;
  /** The provider app's token endpoint and credentials. */
  oauth: OAuthClient;
  /** The API's base URL; undefined uses the tokens' `instanceUrl` (Salesforce). */
  baseUrl?: string;
  /** Per request, from sending to the answer's last byte (default 30 s). */
  timeoutMs?: number;
  /**
   * Refresh a token that expires within this many ms (default 60 s), or within a quarter of its lifetime
   * when that is shorter (tokens that live a minute or less).
   */
  refreshMarginMs?: number;
  /** The cross-process refresh claim's lease and polling (see refresh-claim.ts). */
  refreshClaim?: Partial<Omit<RefreshClaimTiming, 'now'>>;
  now?: () => number;
  /** undici's global dispatcher when absent. */
  dispatcher?: Dispatcher;
  /**
   * The provider account's request budget: every call waits for it (interactive calls first) and feeds it
   * the answer's rate headers. Absent: calls are not paced.
   */
  limits?: { limiter: AccountLimiter; account: string; policy: RateLimitPolicy };
}

type Status = 'working' | 'bad_credentials';

/** What the calls of one connection share within the process. */
interface ConnectionState {
  refreshing?: Promise<ConnectionTokens>;
  /** The last status reported, and the tokens (by `identityOf`) the outcome was had with. */
  reported?: { status: Status; tokens: string };
}

function identityOf(tokens: ConnectionTokens): string {
  return `${tokens.accessToken}\u0000${tokens.refreshToken ?? ''}`;
}

const connections = new Map<string, ConnectionState>();

function stateOf(provider: string, connectionId: string): ConnectionState {
  const key = `${provider}\u0000${connectionId}`;
  let state = connections.get(key);
  if (!state) {
    state = {};
    connections.set(key, state);
  }
  return state;
}

/** A query value as the providers take it: a list repeats its name (`properties=a&properties=b`). */
function withQuery(url: URL, query: ProviderRequest['query']): URL {
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
    else url.searchParams.append(name, String(value));
  }
  return url;
}

/**
 * What a raw pass-through call (the proxy) needs from the layer: the connection's access token, refreshed
 * the same way as for every other call, and the API base URL it is good for.
 */
export interface ProviderAccess {
  accessToken: string;
  baseUrl: string;
}

export function createProviderHttp(
  options: ProviderHttpOptions,
): ProviderHttp & { access(): Promise<ProviderAccess> } {
  const { provider, tokens: source, oauth } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const marginMs = options.refreshMarginMs ?? 60_000;
  const now = options.now ?? Date.now;
  const state = stateOf(provider, options.connectionId);
  const claimTiming: RefreshClaimTiming = { ...defaultRefreshClaimTiming, ...options.refreshClaim, now };
  // A refresh must end well within its claim, or another process could take the claim over while it runs.
  const refreshTimeoutMs = Math.min(timeoutMs, claimTiming.leaseMs / 2);

  async function report(status: Status, sentWith: ConnectionTokens, error?: ProviderError): Promise<void> {
    const tokens = identityOf(sentWith);
    if (state.reported?.status === status && state.reported.tokens === tokens) return;
    const reported = { status, tokens };
    state.reported = reported;
    try {
      await source.reportStatus(status, error);
    } catch {
      // The call's own outcome stands; the status is reported again on the next call.
      if (state.reported === reported) delete state.reported;
    }
  }

  /**
   * Runs the one refresh of `stale`, or joins the one already running. It takes no caller's signal: the
   * callers that joined it must not lose their refresh because the first one gave up.
   */
  function refresh(stale: ConnectionTokens): Promise<ConnectionTokens> {
    if (state.refreshing) return state.refreshing;
    const run = claimedRefresh(source, stale, provider, claimTiming, async () => {
      let next: ConnectionTokens;
      try {
        next = await refreshTokens({
          provider,
          client: oauth,
          tokens: stale,
          timeoutMs: refreshTimeoutMs,
          now: now(),
          dispatcher: options.dispatcher,
        });
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'authInvalid') {
          // Another process may have rotated the token we sent: its tokens are good, ours are not.
          const stored = await source.current();
          if (stored.refreshToken !== stale.refreshToken || stored.accessToken !== stale.accessToken)
            return stored;
          await report('bad_credentials', stale, error);
        }
        throw error;
      }
      if (await source.replace(stale, next)) {
        // Our own rotation of the same grant: what was reported about the old tokens holds for the new.
        if (state.reported?.tokens === identityOf(stale))
          state.reported = { ...state.reported, tokens: identityOf(next) };
        return next;
      }
      return source.current();
    });
    state.refreshing = run;
    const clear = () => {
      if (state.refreshing === run) delete state.refreshing;
    };
    run.then(clear, clear);
    return run;
  }

  function marginOf(tokens: ConnectionTokens): number {
    if (tokens.obtainedAtMs === undefined || tokens.expiresAtMs === undefined) return marginMs;
    return Math.min(marginMs, Math.max(0, tokens.expiresAtMs - tokens.obtainedAtMs) / 4);
  }

  /** The tokens to send with, refreshed first when they expire within the margin. */
  async function usableTokens(): Promise<{ tokens: ConnectionTokens; fresh: boolean }> {
    if (state.refreshing) return { tokens: await state.refreshing, fresh: true };
    const tokens = await source.current();
    if (tokens.expiresAtMs !== undefined && tokens.expiresAtMs - marginOf(tokens) <= now()) {
      return { tokens: await refresh(tokens), fresh: true };
    }
    return { tokens, fresh: false };
  }

  function urlOf(request: ProviderRequest, tokens: ConnectionTokens): URL {
    const base = options.baseUrl ?? tokens.instanceUrl;
    if (!base) {
      throw new ProviderError('malformed', `${provider} named no API base URL for this connection.`, {
        provider,
      });
    }
    // A path only, so that a provider's next-page link can never send the token to another origin.
    if (!request.path.startsWith('/')) {
      throw new Error(`A provider request's path must start with "/": ${request.path}`);
    }
    return withQuery(new URL(base.replace(/\/+$/, '') + request.path), request.query);
  }

  function call(request: ProviderRequest, tokens: ConnectionTokens) {
    // The request's own headers first: whatever they say, the bearer token is the connection's.
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    headers.authorization = `Bearer ${tokens.accessToken}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return exchange({
      provider,
      method: request.method,
      url: urlOf(request, tokens),
      headers,
      ...(request.body !== undefined && { body: JSON.stringify(request.body) }),
      timeoutMs,
      signal: request.signal,
      dispatcher: options.dispatcher,
      secrets: [tokens.accessToken, tokens.refreshToken, oauth.clientSecret],
    });
  }

  /** `call` within the account's request budget, which follows the answer's rate headers. */
  async function paced(request: ProviderRequest, tokens: ConnectionTokens) {
    const limits = options.limits;
    if (!limits) return call(request, tokens);
    const permit = await limits.limiter
      .acquire({
        account: limits.account,
        policy: limits.policy,
        priority: currentPriority(),
        ...(request.signal && { signal: request.signal }),
      })
      .catch((error: unknown) => {
        if (!(error instanceof BudgetWait)) throw error;
        throw new ProviderError(
          'rateLimited',
          `${provider}'s request limit for this account is used up; waiting before retrying.`,
          { provider, retryAfterMs: error.waitMs, cause: error },
        );
      });
    let answer: Awaited<ReturnType<typeof call>> | undefined;
    try {
      answer = await call(request, tokens);
      return answer;
    } finally {
      permit.done(
        answer && {
          status: answer.status,
          headers: answer.headers,
          ...(answer.status === 429 && { retryAfterMs: rateLimitWaitMs(answer.headers, now()) }),
        },
      );
    }
  }

  async function send(request: ProviderRequest): Promise<ProviderResponse> {
    let { tokens, fresh } = await usableTokens();
    let answer = await paced(request, tokens);
    if (answer.status === 401 && !fresh) {
      // The token may have expired early or been replaced: refresh once (or take a newer stored one).
      const stored = await source.current();
      tokens = stored.accessToken !== tokens.accessToken ? stored : await refresh(tokens);
      fresh = true;
      answer = await paced(request, tokens);
    }
    const secrets = [tokens.accessToken, tokens.refreshToken, oauth.clientSecret];
    const where = `${request.method} ${redact(request.path.split('?')[0] ?? '', secrets)}`;
    if (answer.status === 401) {
      const error = new ProviderError('authInvalid', reconnectMessage(provider), { provider, status: 401 });
      await report('bad_credentials', tokens, error);
      throw error;
    }
    if (answer.status === 429) {
      throw new ProviderError(
        'rateLimited',
        `${provider} is limiting requests (${where}); waiting before retrying.`,
        {
          provider,
          status: 429,
          retryAfterMs: rateLimitWaitMs(answer.headers, now()),
        },
      );
    }
    if (answer.status >= 500) {
      throw new ProviderError(
        'unavailable',
        `${provider} answered ${answer.status} to ${where}; try again later.`,
        {
          provider,
          status: answer.status,
        },
      );
    }
    let body: unknown;
    if (answer.text.trim() !== '') {
      try {
        body = JSON.parse(answer.text);
      } catch {
        throw new ProviderError(
          'malformed',
          `${provider} answered ${where} with a body that is not JSON (${answer.headers['content-type'] ?? 'no content type'}).`,
          { provider, status: answer.status },
        );
      }
    }
    if (answer.status < 400) await report('working', tokens);
    return { status: answer.status, headers: answer.headers, body };
  }

  async function access(): Promise<ProviderAccess> {
    const { tokens } = await usableTokens();
    const baseUrl = options.baseUrl ?? tokens.instanceUrl;
    if (!baseUrl) {
      throw new ProviderError('malformed', `${provider} named no API base URL for this connection.`, {
        provider,
      });
    }
    return { accessToken: tokens.accessToken, baseUrl };
  }

  return { provider, send, access };
}
