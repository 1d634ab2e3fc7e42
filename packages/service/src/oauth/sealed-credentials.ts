/**
 * A connection's credentials as the store keeps them: `{ sealed }`, the tokens sealed by the service's
 * SecretBox, so a row (a copied database file, a backup) holds no token in plain text. The connect flow
 * writes them; the HTTP layer reads and rotates them through the store's token source.
 */
import type { ConnectionTokens } from '../connectors/provider-http.js';
import type { SecretBox } from './crypto.js';

/** What is sealed: the tokens, when the access token expires (ISO), the granted scopes, the API base URL. */
interface SealedTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: string;
  /** When the tokens were obtained (ISO): with `expiresAt`, the access token's lifetime. */
  obtainedAt?: string;
  scopes?: string[];
  instanceUrl?: string;
}

export interface StoredTokens extends ConnectionTokens {
  scopes?: string[];
}

export function sealCredentials(secrets: SecretBox, tokens: StoredTokens): Record<string, unknown> {
  const payload: SealedTokens = {
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken !== undefined && { refreshToken: tokens.refreshToken }),
    ...(tokens.expiresAtMs !== undefined && { expiresAt: new Date(tokens.expiresAtMs).toISOString() }),
    ...(tokens.obtainedAtMs !== undefined && { obtainedAt: new Date(tokens.obtainedAtMs).toISOString() }),
    ...(tokens.scopes && { scopes: tokens.scopes }),
    ...(tokens.instanceUrl !== undefined && { instanceUrl: tokens.instanceUrl }),
  };
  return { sealed: secrets.seal(payload) };
}

/** The stored tokens, or undefined when the credentials are not sealed by this key (or hold no token). */
export function openCredentials(
  secrets: SecretBox,
  credentials: Record<string, unknown>,
): StoredTokens | undefined {
  const opened = secrets.open(credentials.sealed) as Partial<SealedTokens> | undefined;
  if (!opened || typeof opened.accessToken !== 'string') return undefined;
  const expiresAtMs = typeof opened.expiresAt === 'string' ? Date.parse(opened.expiresAt) : Number.NaN;
  const obtainedAtMs = typeof opened.obtainedAt === 'string' ? Date.parse(opened.obtainedAt) : Number.NaN;
  return {
    accessToken: opened.accessToken,
    ...(typeof opened.refreshToken === 'string' && { refreshToken: opened.refreshToken }),
    ...(Number.isFinite(expiresAtMs) && { expiresAtMs }),
    ...(Number.isFinite(obtainedAtMs) && { obtainedAtMs }),
    ...(Array.isArray(opened.scopes) && { scopes: opened.scopes.filter((s) => typeof s === 'string') }),
    ...(typeof opened.instanceUrl === 'string' && { instanceUrl: opened.instanceUrl }),
  };
}

/**
 * Whether two stored credentials hold the same sealed value. Every seal has an IV of its own, so tokens
 * sealed again (a rotation, a reconnect) never match the ones before, even when a value is the same.
 */
export function sameSealedCredentials(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const x = a.sealed as Record<string, unknown> | undefined;
  const y = b.sealed as Record<string, unknown> | undefined;
  return x !== undefined && y !== undefined && x.iv === y.iv && x.tag === y.tag && x.data === y.data;
}
