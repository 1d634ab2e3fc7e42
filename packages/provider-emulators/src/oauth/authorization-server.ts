/**
 * An OAuth 2 authorization server's state, shared by the emulators: registered apps, authorization codes
 * (single use, bound to the redirect URI and, with PKCE, the S256 challenge), and grants with their tokens.
 * Each emulator answers in its provider's own shapes; a refusal here is an `OAuthFailure` of a kind, which
 * the emulator renders.
 *
 * Refresh tokens rotate: every refresh answers a new one and retires the old, and presenting a retired one
 * revokes the whole grant (every token it issued), the reuse detection RFC 9700 recommends. A client that
 * loses the race between two of its own workers therefore loses its grant, which is the failure the
 * service's one-refresh-at-a-time rule exists for. `rotateRefreshTokens: false` keeps one refresh token for
 * the grant's life, as HubSpot and Salesforce do by default.
 *
 * A rotating provider's grace, as Okta's and Auth0's rotation offer: the immediately previous refresh token
 * is still accepted for `refreshGraceMs` after it was retired, as long as its successor has never been
 * presented, and answers that successor again (with a new access token). It covers a client that crashed
 * after the provider rotated but before it stored the new refresh token: the next refresh with the old one
 * recovers the grant instead of revoking it. Every other presentation of a retired token is a reuse: it
 * revokes the grant and is counted (`refreshTokenReuses`), so a test can assert none happened.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The app's numeric id (HubSpot's access-token information answers it). */
  appId: number;
  name: string;
  /** When given, the only redirect URIs the app may use; otherwise any. */
  redirectUris?: readonly string[];
}

export interface AuthorizationServerOptions {
  apps: readonly OAuthApp[];
  accessTokenTtlSeconds: number;
  rotateRefreshTokens: boolean;
  /** How long the immediately previous refresh token stays accepted after a rotation; 0 turns grace off. */
  refreshGraceMs?: number;
  now: () => number;
}

export type OAuthFailureKind =
  | 'bad-request'
  | 'unknown-client'
  | 'bad-client-secret'
  | 'bad-redirect-uri'
  | 'bad-challenge-method'
  | 'bad-code'
  | 'bad-code-verifier'
  | 'bad-refresh-token'
  | 'refresh-token-reused'
  | 'no-credentials'
  | 'invalid-token'
  | 'expired-token'
  | 'unknown-token';

export class OAuthFailure extends Error {
  constructor(
    readonly kind: OAuthFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface Grant {
  id: string;
  app: OAuthApp;
  scopes: string[];
  revoked: boolean;
  /** The one refresh token that may be exchanged now. */
  refreshToken: string;
  /** The refresh token `refreshToken` replaced, while its grace lasts and `refreshToken` was never presented. */
  previous?: { refreshToken: string; retiredAt: number };
}

/** What a token request buys, before a provider puts it in its own answer. */
export interface IssuedTokens {
  grant: Grant;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  issuedAt: number;
}

export interface AccessTokenEntry {
  grant: Grant;
  issuedAt: number;
  expiresAt: number;
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

export class AuthorizationServer {
  private readonly codes = new Map<string, PendingCode>();
  /** Every refresh token ever issued, retired ones too: presenting a retired one is how reuse is caught. */
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, AccessTokenEntry>();
  #reuses = 0;
  #graceRefreshes = 0;

  constructor(readonly options: AuthorizationServerOptions) {}

  get now(): number {
    return this.options.now();
  }

  /** The app a client id names. */
  app(clientId: string | undefined): OAuthApp {
    const app = this.options.apps.find((candidate) => candidate.clientId === clientId);
    if (!app) throw new OAuthFailure('unknown-client', `Unknown client_id: ${clientId ?? '(none)'}`);
    return app;
  }

  /** Checks an authorization request's redirect URI and PKCE method before the consent page shows. */
  checkAuthorizeRequest(app: OAuthApp, redirectUri: string | undefined, challengeMethod?: string): string {
    if (!redirectUri || (app.redirectUris && !app.redirectUris.includes(redirectUri))) {
      throw new OAuthFailure('bad-redirect-uri', `redirect_uri is not registered: ${redirectUri}`);
    }
    if (challengeMethod !== undefined && challengeMethod !== 'S256') {
      throw new OAuthFailure('bad-challenge-method', 'code_challenge_method must be S256');
    }
    return redirectUri;
  }

  issueCode(app: OAuthApp, redirectUri: string, scopes: string[], codeChallenge?: string): string {
    const code = randomUUID();
    this.codes.set(code, {
      app,
      redirectUri,
      scopes,
      expiresAt: this.now + codeLifetimeMs,
      ...(codeChallenge && { codeChallenge }),
    });
    return code;
  }

  exchangeCode(form: Record<string, string | undefined>): IssuedTokens {
    const app = this.authenticateClient(form);
    const pending = form.code === undefined ? undefined : this.codes.get(form.code);
    // Single use: a code is gone once presented, whatever the outcome.
    if (form.code !== undefined) this.codes.delete(form.code);
    if (!pending || pending.expiresAt <= this.now || pending.app !== app) {
      throw new OAuthFailure('bad-code', 'missing or unknown auth code');
    }
    if (form.redirect_uri !== pending.redirectUri) {
      throw new OAuthFailure('bad-redirect-uri', 'redirect_uri does not match the authorization request');
    }
    if (pending.codeChallenge !== undefined) {
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (challenge !== pending.codeChallenge) {
        throw new OAuthFailure('bad-code-verifier', 'code_verifier does not match the code_challenge');
      }
    }
    return this.issue(this.createGrant(app, pending.scopes));
  }

  refresh(form: Record<string, string | undefined>): IssuedTokens {
    const app = this.authenticateClient(form);
    const grant = form.refresh_token === undefined ? undefined : this.refreshTokens.get(form.refresh_token);
    if (!grant || grant.app !== app || grant.revoked) {
      throw new OAuthFailure('bad-refresh-token', 'missing or invalid refresh token');
    }
    if (grant.refreshToken !== form.refresh_token) {
      if (this.withinGrace(grant, form.refresh_token)) {
        this.#graceRefreshes++;
        return this.issue(grant);
      }
      this.#reuses++;
      grant.revoked = true;
      throw new OAuthFailure(
        'refresh-token-reused',
        'refresh token was already used; the grant is revoked and the user must authorize again',
      );
    }
    if (this.options.rotateRefreshTokens) {
      grant.previous = { refreshToken: grant.refreshToken, retiredAt: this.now };
      grant.refreshToken = token('rt');
      this.refreshTokens.set(grant.refreshToken, grant);
    } else {
      delete grant.previous;
    }
    return this.issue(grant);
  }

  /** Retired refresh tokens presented after their grace (each revoked its grant). */
  get refreshTokenReuses(): number {
    return this.#reuses;
  }

  /** Refreshes answered for an immediately previous refresh token within its grace. */
  get graceRefreshes(): number {
    return this.#graceRefreshes;
  }

  private withinGrace(grant: Grant, presented: string | undefined): boolean {
    const graceMs = this.options.refreshGraceMs ?? 0;
    const previous = grant.previous;
    return (
      graceMs > 0 &&
      previous !== undefined &&
      previous.refreshToken === presented &&
      this.now - previous.retiredAt <= graceMs
    );
  }

  /** A grant without the browser round trip: tests and tools that need a token now. */
  createGrant(app: OAuthApp = this.options.apps[0]!, scopes: string[] = []): Grant {
    const grant: Grant = { id: randomUUID(), app, scopes, revoked: false, refreshToken: token('rt') };
    this.refreshTokens.set(grant.refreshToken, grant);
    return grant;
  }

  /** Mints an access token for a live grant. */
  issue(grant: Grant): IssuedTokens {
    const accessToken = token('at');
    const expiresIn = this.options.accessTokenTtlSeconds;
    const issuedAt = this.now;
    this.accessTokens.set(accessToken, { grant, issuedAt, expiresAt: issuedAt + expiresIn * 1000 });
    return { grant, accessToken, refreshToken: grant.refreshToken, expiresIn, issuedAt };
  }

  /** The grant a bearer token speaks for; a failure for a missing, unknown, revoked or expired one. */
  authenticate(authorization: string | undefined): Grant {
    const bearer = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer) throw new OAuthFailure('no-credentials', 'No access token was sent.');
    const entry = this.accessTokens.get(bearer);
    if (!entry || entry.grant.revoked) {
      throw new OAuthFailure('invalid-token', 'The access token is unknown or was revoked.');
    }
    if (entry.expiresAt <= this.now) {
      const ago = Math.round((this.now - entry.expiresAt) / 1000);
      throw new OAuthFailure('expired-token', `The access token expired ${ago} second(s) ago.`);
    }
    return entry.grant;
  }

  /** A live access token's record; a failure once it is unknown, revoked or expired. */
  accessToken(accessToken: string): AccessTokenEntry {
    const entry = this.accessTokens.get(accessToken);
    if (!entry || entry.grant.revoked || entry.expiresAt <= this.now) {
      throw new OAuthFailure('unknown-token', 'Token not found or expired');
    }
    return entry;
  }

  /** The grant of a current refresh token; a failure for a retired, revoked or unknown one. */
  refreshGrant(refreshToken: string): Grant {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.revoked || grant.refreshToken !== refreshToken) {
      throw new OAuthFailure('unknown-token', 'Refresh token not found');
    }
    return grant;
  }

  /**
   * Ends the grant a token (access or refresh, current or retired) belongs to, as a user removing the app
   * does; false when no grant has that token.
   */
  revokeByToken(anyToken: string): boolean {
    const grant = this.refreshTokens.get(anyToken) ?? this.accessTokens.get(anyToken)?.grant;
    if (grant) grant.revoked = true;
    return grant !== undefined;
  }

  /**
   * Ends every live grant (of one app, or of every app), as the account's user removing the app does: each
   * token the grants issued stops working and each refresh is refused. Answers how many were live.
   */
  revokeAll(app?: OAuthApp): number {
    let ended = 0;
    for (const grant of new Set(this.refreshTokens.values())) {
      if (grant.revoked || (app !== undefined && grant.app !== app)) continue;
      grant.revoked = true;
      ended++;
    }
    return ended;
  }

  private authenticateClient(form: Record<string, string | undefined>): OAuthApp {
    const app = this.app(form.client_id);
    if (form.client_secret !== app.clientSecret) {
      throw new OAuthFailure('bad-client-secret', 'client_secret does not match the client_id');
    }
    return app;
  }
}
