import { timingSafeEqual } from 'node:crypto';
import type { ConnectError } from '@splice/schema';
import type { ProviderCatalogEntry } from '../connectors/catalog-entry.js';
import type { Connection, Project, Repository } from '../store/index.js';
import { catalogAuthorizeUrl, exchangeCatalogCode } from './catalog-authorization.js';
import type { SecretBox } from './crypto.js';
import { hashSecret, randomToken } from './crypto.js';
import type { OAuthStore } from './oauth-store.js';
import { sealCredentials } from './sealed-credentials.js';

/** The service's OAuth callback, beside `{base_url}`: the `redirect_uri` every provider sends the user back to. */
export const callbackPath = '/callbacks/v1/oauth';

/** A `state` (and the URL carrying it) works once, for 10 minutes. */
export const flowLifetimeMs = 10 * 60_000;

/**
 * How long a bound flow's result waits for its browser after the callback: the page at `redirectUrl`
 * completes it at once, so two minutes only covers a slow redirect.
 */
export const heldResultLifetimeMs = 2 * 60_000;

export interface OAuthDeps {
  store: OAuthStore;
  secrets: SecretBox;
  /** The clock; tests move it to expire a flow. Default: the real time. */
  now?: () => Date;
}

export interface FlowStart {
  project: Project;
  provider: string;
  groupRef: string;
  groupName: string;
  consumerRef: string;
  consumerName: string;
  /** For oauth-update: the connection to refresh. */
  connectionId: string | null;
  redirectUrl: string | null;
  /** The SHA-256 of the starting browser's secret: the result is then held until that secret completes it. */
  browserBinding: string | null;
}

/** Finds a provider's catalog entry (HubSpot, Salesforce); undefined for a provider the catalog lacks. */
export interface ProviderEntries {
  entry(provider: string): ProviderCatalogEntry | undefined;
}

/**
 * Records a flow and answers the provider URL to open: the provider's own authorize URL, with the catalog
 * entry's client id and scopes, and a PKCE challenge where its grant type takes one. The service is the
 * OAuth client: it keeps the PKCE verifier (sealed) and sends only its S256 challenge; the `state` is stored as a hash and binds the
 * flow to the project, group, consumer (and connection, for an update). `publicOrigin` is the configured
 * origin browsers reach the service on, never a request's `Host`: the provider pages and the
 * `redirect_uri` live on it.
 */
export async function startFlow(
  oauth: OAuthDeps,
  start: FlowStart,
  publicOrigin: string,
  catalog: ProviderEntries,
): Promise<string> {
  const entry = catalog.entry(start.provider);
  // The routes check the provider before they start a flow.
  if (!entry) throw new Error(`The catalog has no provider "${start.provider}".`);
  const now = oauth.now?.() ?? new Date();
  const state = randomToken();
  const verifier = randomToken(48);
  await oauth.store.insertFlow({
    stateHash: hashSecret(state),
    projectId: start.project.id,
    provider: start.provider,
    groupRef: start.groupRef,
    groupName: start.groupName,
    consumerRef: start.consumerRef,
    consumerName: start.consumerName,
    connectionId: start.connectionId,
    redirectUrl: start.redirectUrl,
    codeVerifier: JSON.stringify(oauth.secrets.seal(verifier)),
    createTime: now.toISOString(),
    expireTime: new Date(now.getTime() + flowLifetimeMs).toISOString(),
    usedTime: null,
    browserBinding: start.browserBinding,
    heldCredentials: null,
    completionHash: null,
    completeTime: null,
  });
  const redirectUri = `${publicOrigin}${callbackPath}`;
  return catalogAuthorizeUrl(entry, { state, verifier, redirectUri });
}

export type FlowEnd =
  | { kind: 'redirect'; url: string }
  | {
      kind: 'page';
      status: 200 | 400;
      outcome: 'connected' | ConnectError;
      detail: string;
      /** The connection saved, when the flow connected: what the page tells its opener. */
      connectionId?: string;
    };

const endDetail: Record<'connected' | ConnectError, string> = {
  connected: 'Your account is connected. You can close this window.',
  access_denied: 'Access was denied, so nothing was connected. You can close this window.',
  expired: 'This sign-in link has expired or was used already. Start again from the app.',
  provider_error: 'The provider could not complete the sign-in. Start again from the app.',
};

function end(
  redirectUrl: string | null,
  outcome: 'connected' | ConnectError,
  connectionId?: string,
): FlowEnd {
  if (!redirectUrl) {
    return {
      kind: 'page',
      status: outcome === 'connected' ? 200 : 400,
      outcome,
      detail: endDetail[outcome],
      ...(connectionId ? { connectionId } : {}),
    };
  }
  const url = new URL(redirectUrl);
  url.searchParams.set('outcome', outcome);
  if (connectionId) url.searchParams.set('connectionId', connectionId);
  return { kind: 'redirect', url: url.toString() };
}

/** What a successful callback saves, or holds for its browser: the sealed tokens and the account. */
interface FlowResult {
  credentials: Record<string, unknown>;
  providerWorkspaceRef?: string;
  authScheme: string;
}

/**
 * Creates the group's connection, or refreshes it (same connection id, new tokens, status `created`).
 * The group is created on its first connection, named as the connect call said (default: its ref).
 */
function saveConnection(repo: Repository, flow: FlowRecord, result: FlowResult): Promise<Connection> {
  return repo.transaction(async (tx) => {
    const existingGroup = await tx.getGroup(flow.projectId, flow.groupRef);
    if (!existingGroup) {
      await tx.upsertGroup({ projectId: flow.projectId, groupRef: flow.groupRef, groupName: flow.groupName });
    }
    const target = flow.connectionId
      ? await tx.getConnection(flow.projectId, flow.connectionId)
      : await tx.getDefaultConnection(flow.projectId, flow.groupRef, flow.provider);
    const changes = {
      status: 'created' as const,
      consumerRef: flow.consumerRef,
      ...(result.providerWorkspaceRef !== undefined && { providerWorkspaceRef: result.providerWorkspaceRef }),
      credentials: result.credentials,
    };
    const saved = target
      ? ((await tx.updateConnection(flow.projectId, target.id, changes)) as Connection)
      : await tx.insertConnection({
          projectId: flow.projectId,
          provider: flow.provider,
          groupRef: flow.groupRef,
          authScheme: result.authScheme,
          isDefault: true,
          ...changes,
        });
    // In the same transaction, so the notification of a saved connection is never lost (../notifications).
    await tx.insertConnectionEvent({
      projectId: flow.projectId,
      connectionId: saved.id,
      kind: target ? 'connection.updated' : 'connection.created',
    });
    return saved;
  });
}

type FlowRecord = NonNullable<Awaited<ReturnType<OAuthStore['getFlow']>>>;

/**
 * The service's callback (`redirect_uri`): checks the `state` (known, unused, within 10 minutes), spends
 * it, trades the code for tokens with the flow's own verifier, and stores them sealed. Whatever happens,
 * the browser ends on the flow's `redirectUrl` with an `outcome` (or on a page saying it, without one).
 * A flow bound to its browser saves nothing here: its tokens are held, and the browser goes to
 * `redirectUrl` with a `completion` value instead, which `completeHeldFlow` takes with the browser's
 * secret. No token ever appears in an answer.
 */
export async function completeFlow(
  repo: Repository,
  oauth: OAuthDeps,
  params: { state?: string; code?: string; error?: string },
  publicOrigin: string,
  catalog: ProviderEntries,
): Promise<FlowEnd> {
  const now = oauth.now?.() ?? new Date();
  const stateHash = params.state ? hashSecret(params.state) : '';
  const flow = stateHash ? await oauth.store.getFlow(stateHash) : undefined;
  if (!flow) {
    return { kind: 'page', status: 400, outcome: 'expired', detail: endDetail.expired };
  }
  // Spent before anything else: a reused state (a replayed or bookmarked callback) changes nothing.
  if (!(await oauth.store.useFlow(stateHash, now.toISOString()))) return end(flow.redirectUrl, 'expired');
  if (Date.parse(flow.expireTime) <= now.getTime()) return end(flow.redirectUrl, 'expired');
  if (params.error)
    return end(flow.redirectUrl, params.error === 'access_denied' ? 'access_denied' : 'provider_error');
  const verifier = oauth.secrets.open(JSON.parse(flow.codeVerifier));
  if (typeof verifier !== 'string') return end(flow.redirectUrl, 'provider_error');
  const redirectUri = `${publicOrigin}${callbackPath}`;
  const entry = catalog.entry(flow.provider);
  const result =
    entry && (await catalogResult(oauth, entry, { code: params.code, verifier, redirectUri }, now));
  if (!result) return end(flow.redirectUrl, 'provider_error');
  if (flow.browserBinding && flow.redirectUrl) {
    const completion = randomToken();
    await oauth.store.holdResult(stateHash, hashSecret(completion), JSON.stringify(result));
    const url = new URL(flow.redirectUrl);
    url.searchParams.set('completion', completion);
    return { kind: 'redirect', url: url.toString() };
  }
  const connection = await saveConnection(repo, flow, result);
  return end(flow.redirectUrl, 'connected', connection.id);
}

interface CodeGrant {
  code: string | undefined;
  verifier: string;
  redirectUri: string;
}

/** A catalog provider's tokens for the code, from its token endpoint, and the account they name. */
async function catalogResult(
  oauth: OAuthDeps,
  entry: ProviderCatalogEntry,
  grant: CodeGrant,
  now: Date,
): Promise<FlowResult | undefined> {
  const answer = await exchangeCatalogCode(entry, grant, now.getTime());
  if (!answer) return undefined;
  return {
    credentials: sealCredentials(oauth.secrets, answer.tokens),
    ...(answer.providerWorkspaceRef !== undefined && { providerWorkspaceRef: answer.providerWorkspaceRef }),
    authScheme: `oauth2/${entry.oauth.grantType}`,
  };
}

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Saves the result a bound flow's callback held, for the browser that started the flow: `browserSecret`
 * must hash to the flow's `browserBinding`. A held result is spent by the first attempt, right or wrong
 * (a wrong or missing secret drops its tokens), and lives `heldResultLifetimeMs` after the callback.
 * Answers the saved connection, or null when nothing was saved; the reasons are not told apart.
 */
export async function completeHeldFlow(
  repo: Repository,
  oauth: OAuthDeps,
  params: { projectId: string; completion: string; browserSecret: string | undefined },
): Promise<Connection | null> {
  const now = oauth.now?.() ?? new Date();
  const completionHash = hashSecret(params.completion);
  const flow = await oauth.store.getFlowByCompletion(completionHash);
  if (!flow || flow.projectId !== params.projectId) return null;
  if (!(await oauth.store.spendHeldResult(completionHash, now.toISOString()))) return null;
  const heldSince = Date.parse(flow.usedTime ?? flow.createTime);
  if (heldSince + heldResultLifetimeMs <= now.getTime()) return null;
  if (!flow.heldCredentials || !flow.browserBinding || params.browserSecret === undefined) return null;
  if (!sameHash(hashSecret(params.browserSecret), flow.browserBinding)) return null;
  const held = JSON.parse(flow.heldCredentials) as Partial<FlowResult>;
  if (!held.credentials || !held.authScheme) return null;
  return saveConnection(repo, flow, held as FlowResult);
}
