import { timingSafeEqual } from 'node:crypto';
import { hashSecret, pkceChallenge, pkceVerifierPattern, randomToken } from './crypto.js';
import type { OAuthStore } from './oauth-store.js';

/**
 * The sandbox provider's own authorization server (RFC 6749 authorization code grant with RFC 7636 PKCE):
 * the part a real CRM runs on its own domain. It knows one client, the embedded service, whose only
 * redirect URI is the service's callback on the same origin. Codes live 60 seconds and work once; tokens
 * are handed out once and kept only as hashes.
 */
export const sandboxClientId = 'splice-embedded';
export const callbackPath = '/callbacks/v1/oauth';
export const authorizePath = '/sandbox-provider/oauth/authorize';
export const tokenPath = '/sandbox-provider/oauth/token';

const codeLifetimeMs = 60_000;
const accessTokenLifetimeS = 3_600;

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
  /** The provider account the user is signed in with (the sandbox takes the service's `login_hint`). */
  account: string;
  workspace: string;
}

export type ParsedAuthorization =
  | { ok: true; request: AuthorizationRequest }
  /** The redirect URI is not the client's: never redirect there (an open redirector), show a page. */
  | { ok: false; redirect: false; description: string }
  | { ok: false; redirect: true; redirectUri: string; state: string; description: string };

const challengePattern = /^[A-Za-z0-9_-]{43}$/;

/** Checks an authorization request (query of GET or the re-posted form of the decision). */
export function parseAuthorizationRequest(
  params: Record<string, string | undefined>,
  origin: string,
): ParsedAuthorization {
  const redirectUri = params.redirect_uri ?? '';
  if (params.client_id !== sandboxClientId) {
    return { ok: false, redirect: false, description: 'The app that sent you here is not registered.' };
  }
  if (redirectUri !== `${origin}${callbackPath}`) {
    return { ok: false, redirect: false, description: 'The return address is not registered for this app.' };
  }
  const state = params.state ?? '';
  const refuse = (description: string): ParsedAuthorization => ({
    ok: false,
    redirect: true,
    redirectUri,
    state,
    description,
  });
  if (params.response_type !== 'code') return refuse('response_type must be "code".');
  if (!state) return refuse('state is required.');
  if (params.code_challenge_method !== 'S256') return refuse('code_challenge_method must be "S256".');
  if (!challengePattern.test(params.code_challenge ?? '')) return refuse('code_challenge is malformed.');
  return {
    ok: true,
    request: {
      clientId: sandboxClientId,
      redirectUri,
      state,
      codeChallenge: params.code_challenge as string,
      scope: params.scope ?? '',
      account: params.login_hint || 'sandbox user',
      workspace: params.workspace || 'Sandbox workspace',
    },
  };
}

/** The request as hidden form fields, so the decision posts back exactly what was shown. */
export function requestFields(request: AuthorizationRequest): Record<string, string> {
  return {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    scope: request.scope,
    login_hint: request.account,
    workspace: request.workspace,
  };
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** Where the browser goes after the user's choice: the client's redirect URI with a code or an error. */
export async function decide(
  store: OAuthStore,
  request: AuthorizationRequest,
  decision: 'allow' | 'deny',
  now: Date,
): Promise<string> {
  if (decision === 'deny') {
    return withParams(request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied access.',
      state: request.state,
    });
  }
  const code = randomToken();
  await store.insertCode({
    codeHash: hashSecret(code),
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    account: request.account,
    scope: request.scope,
    expireTime: new Date(now.getTime() + codeLifetimeMs).toISOString(),
    usedTime: null,
  });
  return withParams(request.redirectUri, { code, state: request.state });
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scope: string;
}

export type TokenAnswer =
  | { ok: true; tokens: TokenSet }
  | { ok: false; error: 'invalid_request' | 'invalid_grant' | 'invalid_client'; description: string };

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The token endpoint's authorization_code grant. The code is spent before any other check, so a wrong
 * verifier burns it: an attacker holding a stolen code gets one guess, and the code is gone.
 */
export async function exchangeCode(
  store: OAuthStore,
  input: { code?: string; codeVerifier?: string; redirectUri?: string; clientId?: string },
  now: Date,
): Promise<TokenAnswer> {
  if (input.clientId !== sandboxClientId) {
    return { ok: false, error: 'invalid_client', description: 'Unknown client.' };
  }
  if (!input.code || !input.codeVerifier || !input.redirectUri) {
    return {
      ok: false,
      error: 'invalid_request',
      description: 'code, code_verifier and redirect_uri are required.',
    };
  }
  if (!pkceVerifierPattern.test(input.codeVerifier)) {
    return { ok: false, error: 'invalid_request', description: 'code_verifier is malformed.' };
  }
  const codeHash = hashSecret(input.code);
  const code = await store.getCode(codeHash);
  if (!code || !(await store.useCode(codeHash, now.toISOString()))) {
    return { ok: false, error: 'invalid_grant', description: 'The code is unknown or was used already.' };
  }
  if (Date.parse(code.expireTime) <= now.getTime()) {
    return { ok: false, error: 'invalid_grant', description: 'The code expired.' };
  }
  if (code.clientId !== input.clientId || code.redirectUri !== input.redirectUri) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: 'The code was issued to another client or redirect URI.',
    };
  }
  if (!sameText(pkceChallenge(input.codeVerifier), code.codeChallenge)) {
    return {
      ok: false,
      error: 'invalid_grant',
      description: 'The code_verifier does not match the code_challenge.',
    };
  }
  const tokens: TokenSet = {
    accessToken: randomToken(),
    refreshToken: randomToken(),
    expiresIn: accessTokenLifetimeS,
    scope: code.scope,
  };
  const createTime = now.toISOString();
  await store.insertToken({
    tokenHash: hashSecret(tokens.accessToken),
    kind: 'access',
    account: code.account,
    scope: code.scope,
    createTime,
    expireTime: new Date(now.getTime() + accessTokenLifetimeS * 1000).toISOString(),
    revokedTime: null,
  });
  await store.insertToken({
    tokenHash: hashSecret(tokens.refreshToken),
    kind: 'refresh',
    account: code.account,
    scope: code.scope,
    createTime,
    expireTime: null,
    revokedTime: null,
  });
  return { ok: true, tokens };
}

/** The provider forgets the grant (a user removing the app's access): the tokens stop working. */
export async function revokeTokens(store: OAuthStore, tokens: string[], now: Date): Promise<void> {
  for (const token of tokens) await store.revokeToken(hashSecret(token), now.toISOString());
}
