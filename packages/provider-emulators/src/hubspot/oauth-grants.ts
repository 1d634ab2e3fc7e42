/**
 * The emulator's OAuth 2 authorization server state: registered apps, authorization codes (single use,
 * bound to the redirect URI and, with PKCE, the S256 challenge), and grants with their tokens.
 *
 * Refresh tokens rotate: every refresh answers a new one and retires the old, and presenting a retired one
 * revokes the whole grant (every token it issued), the reuse detection RFC 9700 recommends. A client that
 * loses the race between two of its own workers therefore loses its grant, which is the failure the
 * service's one-refresh-at-a-time rule exists for. `rotateRefreshTokens: false` keeps one refresh token for
 * the grant's life, as HubSpot itself does today.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { HubSpotError } from './errors.js';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** HubSpot's numeric app id (access-token info answers it). */
  appId: number;
  name: string;
  /** When given, the only redirect URIs the app may use; otherwise any. */
  redirectUris?: readonly string[];
}

export interface OAuthOptions {
  apps: readonly OAuthApp[];
  hubId: number;
  hubDomain: string;
  user: string;
  userId: number;
  accessTokenTtlSeconds: number;
  rotateRefreshTokens: boolean;
  now: () => number;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
  token_use: 'access_token';
  hub_id: number;
  user_id: number;
  scopes: string[];
}

export interface Grant {
  id: string;
  app: OAuthApp;
  scopes: string[];
  revoked: boolean;
  /** The one refresh token that may be exchanged now. */
  refreshToken: string;
}

interface PendingCode {
  app: OAuthApp;
  redirectUri: string;
  scopes: string[];
  codeChallenge?: string;
  expiresAt: number;
}

const codeLifetimeMs = 10 * 60_000;
const token = (prefix: string) => `${prefix}-${randomBytes(24).toString('base64url')}`;

/** HubSpot's answer to a failed token request, with RFC 6749's fields beside for generic OAuth clients. */
const tokenError = (status: string, error: string, message: string, httpStatus: 400 | 401 = 400) =>
  new HubSpotError(httpStatus === 401 ? 'INVALID_AUTHENTICATION' : 'VALIDATION_ERROR', message, {
    status: httpStatus,
    extra: { status, error, error_description: message },
  });

export class OAuthGrants {
  private readonly codes = new Map<string, PendingCode>();
  /** Every refresh token ever issued, retired ones too: presenting a retired one is how reuse is caught. */
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();

  constructor(readonly options: OAuthOptions) {}

  /** The app a client id names, or a 400 naming the client id. */
  app(clientId: string | undefined): OAuthApp {
    const app = this.options.apps.find((candidate) => candidate.clientId === clientId);
    if (!app)
      throw tokenError('BAD_CLIENT_ID', 'invalid_client', `Unknown client_id: ${clientId ?? '(none)'}`);
    return app;
  }

  /** Checks an authorization request's redirect URI and PKCE method before the consent page shows. */
  checkAuthorizeRequest(app: OAuthApp, redirectUri: string | undefined, challengeMethod?: string): string {
    if (!redirectUri || (app.redirectUris && !app.redirectUris.includes(redirectUri))) {
      throw tokenError(
        'BAD_REDIRECT_URI',
        'invalid_request',
        `redirect_uri is not registered: ${redirectUri}`,
      );
    }
    if (challengeMethod !== undefined && challengeMethod !== 'S256') {
      throw tokenError('BAD_REQUEST', 'invalid_request', 'code_challenge_method must be S256');
    }
    return redirectUri;
  }

  issueCode(app: OAuthApp, redirectUri: string, scopes: string[], codeChallenge?: string): string {
    const code = randomUUID();
    this.codes.set(code, {
      app,
      redirectUri,
      scopes,
      expiresAt: this.options.now() + codeLifetimeMs,
      ...(codeChallenge && { codeChallenge }),
    });
    return code;
  }

  exchangeCode(form: Record<string, string | undefined>): TokenAnswer {
    const app = this.authenticateClient(form);
    const pending = form.code === undefined ? undefined : this.codes.get(form.code);
    // Single use: a code is gone once presented, whatever the outcome.
    if (form.code !== undefined) this.codes.delete(form.code);
    if (!pending || pending.expiresAt <= this.options.now() || pending.app !== app) {
      throw tokenError('BAD_AUTH_CODE', 'invalid_grant', 'missing or unknown auth code');
    }
    if (form.redirect_uri !== pending.redirectUri) {
      throw tokenError(
        'BAD_REDIRECT_URI',
        'invalid_grant',
        'redirect_uri does not match the authorization request',
      );
    }
    if (pending.codeChallenge !== undefined) {
      const verifier = form.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== pending.codeChallenge) {
        throw tokenError(
          'BAD_CODE_VERIFIER',
          'invalid_grant',
          'code_verifier does not match the code_challenge',
        );
      }
    }
    return this.answer(this.createGrant(app, pending.scopes));
  }

  refresh(form: Record<string, string | undefined>): TokenAnswer {
    const app = this.authenticateClient(form);
    const grant = form.refresh_token === undefined ? undefined : this.refreshTokens.get(form.refresh_token);
    if (!grant || grant.app !== app || grant.revoked) {
      throw tokenError('BAD_REFRESH_TOKEN', 'invalid_grant', 'missing or invalid refresh token');
    }
    if (grant.refreshToken !== form.refresh_token) {
      this.revoke(grant);
      throw tokenError(
        'BAD_REFRESH_TOKEN',
        'invalid_grant',
        'refresh token was already used; the grant is revoked and the user must authorize again',
      );
    }
    if (this.options.rotateRefreshTokens) {
      grant.refreshToken = token('rt');
      this.refreshTokens.set(grant.refreshToken, grant);
    }
    return this.answer(grant);
  }

  /** A grant without the browser round trip: tests and tools that need a token now. */
  createGrant(app: OAuthApp = this.options.apps[0]!, scopes: string[] = []): Grant {
    const grant: Grant = { id: randomUUID(), app, scopes, revoked: false, refreshToken: token('rt') };
    this.refreshTokens.set(grant.refreshToken, grant);
    return grant;
  }

  /** Mints an access token for a live grant. */
  answer(grant: Grant): TokenAnswer {
    const accessToken = token('at');
    const ttl = this.options.accessTokenTtlSeconds;
    this.accessTokens.set(accessToken, { grant, expiresAt: this.options.now() + ttl * 1000 });
    return {
      access_token: accessToken,
      refresh_token: grant.refreshToken,
      expires_in: ttl,
      token_type: 'bearer',
      token_use: 'access_token',
      hub_id: this.options.hubId,
      user_id: this.options.userId,
      scopes: grant.scopes,
    };
  }

  /** The grant a bearer token speaks for, or HubSpot's 401 for a missing, unknown, revoked or expired one. */
  authenticate(authorization: string | undefined): Grant {
    const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer) {
      throw new HubSpotError(
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
    }
    const entry = this.accessTokens.get(bearer);
    if (!entry || entry.grant.revoked) {
      throw new HubSpotError(
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. The OAuth token is unknown or was revoked.',
      );
    }
    if (entry.expiresAt <= this.options.now()) {
      throw new HubSpotError(
        'EXPIRED_AUTHENTICATION',
        `The OAuth token used to make this call expired ${Math.round((this.options.now() - entry.expiresAt) / 1000)} second(s) ago.`,
      );
    }
    return entry.grant;
  }

  accessTokenInfo(accessToken: string) {
    const entry = this.accessTokens.get(accessToken);
    if (!entry || entry.grant.revoked || entry.expiresAt <= this.options.now()) {
      throw new HubSpotError('OBJECT_NOT_FOUND', 'Token not found or expired');
    }
    return {
      token: accessToken,
      user: this.options.user,
      hub_domain: this.options.hubDomain,
      scopes: entry.grant.scopes,
      hub_id: this.options.hubId,
      app_id: entry.grant.app.appId,
      expires_in: Math.floor((entry.expiresAt - this.options.now()) / 1000),
      user_id: this.options.userId,
      token_type: 'access',
    };
  }

  refreshTokenInfo(refreshToken: string) {
    const grant = this.liveRefreshGrant(refreshToken);
    return {
      token: refreshToken,
      user: this.options.user,
      hub_domain: this.options.hubDomain,
      scopes: grant.scopes,
      hub_id: this.options.hubId,
      client_id: grant.app.clientId,
      user_id: this.options.userId,
      token_type: 'refresh',
    };
  }

  /** `DELETE /oauth/v1/refresh-tokens/{token}`: the grant ends, its access tokens with it. */
  revokeRefreshToken(refreshToken: string): void {
    this.revoke(this.liveRefreshGrant(refreshToken));
  }

  /**
   * Ends the grant a token (access or refresh, current or retired) belongs to, as a user removing the app
   * in HubSpot does; false when no grant has that token.
   */
  revokeByToken(anyToken: string): boolean {
    const grant = this.refreshTokens.get(anyToken) ?? this.accessTokens.get(anyToken)?.grant;
    if (grant) this.revoke(grant);
    return grant !== undefined;
  }

  private revoke(grant: Grant): void {
    grant.revoked = true;
  }

  private liveRefreshGrant(refreshToken: string): Grant {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.revoked || grant.refreshToken !== refreshToken) {
      throw new HubSpotError('OBJECT_NOT_FOUND', 'Refresh token not found');
    }
    return grant;
  }

  private authenticateClient(form: Record<string, string | undefined>): OAuthApp {
    const app = this.app(form.client_id);
    if (form.client_secret !== app.clientSecret) {
      throw tokenError('BAD_CLIENT_SECRET', 'invalid_client', 'client_secret does not match the client_id');
    }
    return app;
  }
}
