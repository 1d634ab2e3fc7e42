/**
 * The connect flow's client side for a catalog provider (HubSpot, Salesforce): the authorize URL the
 * browser opens at the provider, and the code exchange at the provider's token endpoint (form-encoded,
 * the app's client id and secret in the form, the PKCE verifier where the entry's grant type takes one).
 * What the token answer says of the account becomes the connection's `providerWorkspaceRef`, as the
 * entry's `tokenMetadataFields` name it; a provider whose token answer does not say asks its token
 * information endpoint (HubSpot's `GET /oauth/v1/access-tokens/{token}`).
 */
import type { ProviderCatalogEntry } from '../connectors/catalog-entry.js';
import { exchange } from '../connectors/http-exchange.js';
import { pkceChallenge } from './crypto.js';
import type { StoredTokens } from './sealed-credentials.js';

/** A code exchange's whole budget: the user waits on the callback page meanwhile. */
const exchangeTimeoutMs = 15_000;

export function catalogAuthorizeUrl(
  entry: ProviderCatalogEntry,
  request: { state: string; verifier: string; redirectUri: string },
): string {
  const url = new URL(entry.oauth.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', entry.oauth.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('scope', entry.oauth.scopes.join(' '));
  url.searchParams.set('state', request.state);
  if (entry.oauth.grantType === 'authorizationCodePKCE') {
    url.searchParams.set('code_challenge', pkceChallenge(request.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

export interface CatalogGrant {
  tokens: StoredTokens;
  /** The account the user connected (HubSpot's hub id, Salesforce's instance URL), when the provider says. */
  providerWorkspaceRef?: string;
}

type Answer = Record<string, unknown>;

async function postForm(
  entry: ProviderCatalogEntry,
  url: string,
  form: Record<string, string>,
  secrets: string[],
) {
  return exchange({
    provider: entry.name,
    method: 'POST',
    url: new URL(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    timeoutMs: exchangeTimeoutMs,
    secrets,
  });
}

function parseObject(text: string): Answer | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Answer)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A token answer's field as text: HubSpot's hub id is a number, Salesforce's instance URL a string. */
function textField(answer: Answer | undefined, name: string | undefined): string | undefined {
  const value = name ? answer?.[name] : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function scopesOf(answer: Answer, field: string | undefined): string[] | undefined {
  const value = field ? answer[field] : undefined;
  if (Array.isArray(value)) return value.filter((scope): scope is string => typeof scope === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return undefined;
}

/** The workspace field from the provider's token information, when the token answer lacked it. */
async function workspaceFromTokenInfo(entry: ProviderCatalogEntry, accessToken: string) {
  const { tokenInfoUrl, tokenMetadataFields } = entry.oauth;
  if (!tokenInfoUrl) return undefined;
  const answer = await exchange({
    provider: entry.name,
    method: 'GET',
    url: new URL(`${tokenInfoUrl.replace(/\/+$/, '')}/${encodeURIComponent(accessToken)}`),
    headers: { accept: 'application/json' },
    timeoutMs: exchangeTimeoutMs,
    secrets: [accessToken],
  });
  if (answer.status !== 200) return undefined;
  return textField(parseObject(answer.text), tokenMetadataFields.workspaceRefField);
}

/**
 * Trades an authorization code for the connection's tokens; undefined when the provider refuses it or
 * cannot be reached (the flow then ends with `provider_error`). Never throws a token into a message.
 */
export async function exchangeCatalogCode(
  entry: ProviderCatalogEntry,
  grant: { code: string | undefined; verifier: string; redirectUri: string },
  nowMs: number,
): Promise<CatalogGrant | undefined> {
  if (!grant.code) return undefined;
  const { oauth } = entry;
  try {
    const answer = await postForm(
      entry,
      oauth.tokenUrl,
      {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: grant.redirectUri,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
        ...(oauth.grantType === 'authorizationCodePKCE' && { code_verifier: grant.verifier }),
      },
      [grant.code, oauth.clientSecret],
    );
    const body = answer.status === 200 ? parseObject(answer.text) : undefined;
    const accessToken = body?.access_token;
    if (!body || typeof accessToken !== 'string' || accessToken === '') return undefined;
    const expiresIn = Number(body.expires_in);
    const scopes = scopesOf(body, oauth.tokenMetadataFields.scopesField);
    const instanceUrl = textField(body, 'instance_url');
    const refreshToken = textField(body, 'refresh_token');
    const tokens: StoredTokens = {
      accessToken,
      ...(refreshToken && { refreshToken }),
      ...(body.expires_in !== undefined &&
        Number.isFinite(expiresIn) && { expiresAtMs: nowMs + expiresIn * 1000, obtainedAtMs: nowMs }),
      ...(scopes && { scopes }),
      ...(instanceUrl && { instanceUrl }),
    };
    const workspace =
      textField(body, oauth.tokenMetadataFields.workspaceRefField) ??
      (await workspaceFromTokenInfo(entry, accessToken));
    return { tokens, ...(workspace && { providerWorkspaceRef: workspace }) };
  } catch {
    // Unreachable, timed out or reset: the user starts again.
    return undefined;
  }
}
