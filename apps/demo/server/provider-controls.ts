import type { Session } from '@splice/bff';
import type { LocalProviders } from '@splice/provider-emulators';
import { issueTypes } from '@splice/schema';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { problem } from './problem.js';

/** What the demo's server can do to the CRM accounts of the emulators this run started. */
export type EmulatedAccounts = Pick<LocalProviders, 'revokeGrants' | 'throttle' | 'applyChanges'>;

export interface ProviderControlsOptions {
  /** The embedded service's `{base_url}`, `{search_url}` and API key: this server calls it directly, as the BFF does. */
  baseUrl: string;
  searchUrl: string;
  apiKey: string;
  project: string;
  /** The app's origin: the only page allowed to use the controls. */
  origin: string;
  resolveSession: (c: Context) => Promise<Session | null>;
  accounts: EmulatedAccounts;
  /**
   * For each provider, an integration of it and an object to search, for the calls that let the service
   * learn of a revoked grant (a search is never answered from a cache, unlike the fields' metadata).
   */
  probes: Readonly<Record<string, { integration: string; objectName: string }>>;
}

interface PublicConnection {
  id: string;
  provider: string;
  status: string;
}

/** A control's JSON body: each control's own field, and the CRM it acts on when the company has two. */
type ControlBody = { provider?: unknown; throttled?: unknown; count?: unknown };

const controlBody = (c: Context): Promise<ControlBody | undefined> =>
  c.req.json<ControlBody>().catch(() => undefined);

/** The connection a control acts on: to `provider`'s CRM when named, a working one before a broken one. */
const chosenConnection = (connections: PublicConnection[], provider?: string) => {
  const candidates = connections.filter(
    (candidate) => provider === undefined || candidate.provider === provider,
  );
  return candidates.find((candidate) => candidate.status !== 'bad_credentials') ?? candidates[0];
};

/**
 * How many requests a throttled account may make per ten seconds (HubSpot's own interval; Salesforce's
 * daily limit is put on the same footing, so it refills within a demo): enough for a read to move a page
 * at a time, too few for it to keep up, so the reads catch up slowly rather than fail.
 */
export const throttle = { requests: 2, intervalMs: 10_000 } as const;

/** How long a revoke waits for the service to record the connection's new status. */
const settleMs = 5_000;

/** At most this many changes per request: a demo's button, not a load generator. */
const maxChanges = 100;

/**
 * Demo-only controls over the signed-in company's CRM account at its provider's emulator, for showing
 * what a builder's users meet in real life:
 * - `POST /break-connection` revokes the account's grants at the emulator (as an admin removing the app
 *   does). The service is not told: it learns from the provider's 401 on its next call, which this route
 *   makes at once (a search, or the fields' metadata, through the company's connection), so the connection turns
 *   `bad_credentials` and "Reconnect" appears.
 * - `POST /throttle` `{ "throttled": true | false }` tightens the account's rate limit, or restores it.
 * - `POST /changes` `{ "count": n }` creates, changes and deletes records now, so "Run now" has news.
 * Each body may name `"provider"`, to pick the account when the company connected more than one CRM.
 * `GET /` says which provider the company's account is at and whether it is throttled. Each acts on the
 * session's own company's provider only (the one its connection is to) and answers no credentials.
 */
export function createProviderControls(options: ProviderControlsOptions) {
  const throttled = new Set<string>();
  const service = (path: string, init: RequestInit = {}) =>
    fetch(`${options.baseUrl}/projects/${encodeURIComponent(options.project)}${path}`, {
      ...init,
      headers: { 'x-api-key': options.apiKey, accept: 'application/json' },
    });

  async function connectionsOf(groupRef: string): Promise<PublicConnection[]> {
    const listed = await service(`/connections?groupRef=${encodeURIComponent(groupRef)}`);
    if (!listed.ok) throw new Error(`The service answered ${listed.status} for the connections.`);
    const connections = (await listed.json()) as PublicConnection[];
    return connections.filter((connection) => Object.hasOwn(options.probes, connection.provider));
  }

  /**
   * The company's connection to an emulated CRM (to `provider`'s, when the body names it: a company may
   * have connected both), a working one first; a problem answer when it has none.
   */
  async function companyConnection(
    c: Context,
    body: ControlBody | undefined,
  ): Promise<{ groupRef: string; connection: PublicConnection } | Response> {
    const provider = typeof body?.provider === 'string' ? body.provider : undefined;
    if (c.req.header('Origin') !== options.origin) {
      return problem(c, 403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
    }
    const session = await options.resolveSession(c);
    if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
    const connection = chosenConnection(await connectionsOf(session.groupRef), provider);
    if (!connection) return problem(c, 409, 'conflict', 'Your company has no CRM connection.');
    return { groupRef: session.groupRef, connection };
  }

  /**
   * The connection once the service has recorded what the provider's refusal taught it: it records that
   * beside answering the refused call, so it is asked again for a moment until it says bad_credentials.
   */
  async function settledConnection(groupRef: string, id: string): Promise<PublicConnection | undefined> {
    const deadline = Date.now() + settleMs;
    for (;;) {
      const found = (await connectionsOf(groupRef)).find((candidate) => candidate.id === id);
      if (!found || found.status === 'bad_credentials' || Date.now() >= deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const notEmulated = (c: Context, provider: string) =>
    problem(c, 409, 'conflict', `${provider} is not an emulator this demo started, so it has no controls.`);

  return new Hono()
    .get('/', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      const provider = chosenConnection(await connectionsOf(session.groupRef))?.provider ?? null;
      return c.json({ provider, throttled: provider !== null && throttled.has(provider) }, 200);
    })
    .post('/break-connection', async (c) => {
      const found = await companyConnection(c, await controlBody(c));
      if (found instanceof Response) return found;
      const { groupRef, connection } = found;
      if (options.accounts.revokeGrants(connection.provider) === undefined) {
        return notEmulated(c, connection.provider);
      }
      // The next call through the connection meets the provider's 401, and the service's HTTP layer marks
      // it bad_credentials: a search where the company has the integration installed, else the fields'
      // metadata (which the service may answer from its cache for a while: then its next read finds out).
      const probe = options.probes[connection.provider]!;
      const group = encodeURIComponent(groupRef);
      await fetch(
        `${options.searchUrl}/projects/${encodeURIComponent(options.project)}/integrations/${encodeURIComponent(probe.integration)}?groupRef=${group}`,
        {
          method: 'POST',
          headers: {
            'x-api-key': options.apiKey,
            'content-type': 'application/json',
            'x-svc-request-type': 'search',
          },
          body: JSON.stringify({ objectName: probe.objectName, fieldFilters: [] }),
        },
      );
      const object = encodeURIComponent(probe.objectName);
      await service(
        `/providers/${encodeURIComponent(connection.provider)}/objects/${object}/metadata?groupRef=${group}`,
      );
      const after = await settledConnection(groupRef, connection.id);
      const { id, provider, status } = after ?? connection;
      return c.json({ connection: { id, provider, status } }, 200);
    })
    .post('/throttle', async (c) => {
      const body = await controlBody(c);
      const found = await companyConnection(c, body);
      if (found instanceof Response) return found;
      if (typeof body?.throttled !== 'boolean') {
        return problem(c, 400, 'validation', 'Send { "throttled": true } or { "throttled": false }.', [
          {
            type: issueTypes.invalidProperty,
            name: 'throttled',
            in: 'body',
            detail: 'true or false.',
            value: body?.throttled,
          },
        ]);
      }
      const { provider } = found.connection;
      const applied = body.throttled
        ? options.accounts.throttle(provider, throttle.requests, throttle.intervalMs)
        : options.accounts.throttle(provider, undefined);
      if (!applied) return notEmulated(c, provider);
      if (body.throttled) throttled.add(provider);
      else throttled.delete(provider);
      return c.json({ provider, throttled: body.throttled }, 200);
    })
    .post('/changes', async (c) => {
      const body = await controlBody(c);
      const found = await companyConnection(c, body);
      if (found instanceof Response) return found;
      const count = body?.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > maxChanges) {
        return problem(c, 400, 'validation', `Send { "count": a whole number from 1 to ${maxChanges} }.`, [
          {
            type: issueTypes.invalidProperty,
            name: 'count',
            in: 'body',
            detail: `A whole number from 1 to ${maxChanges}.`,
            value: count,
          },
        ]);
      }
      const { provider } = found.connection;
      const changes = options.accounts.applyChanges(provider, count);
      if (!changes) return notEmulated(c, provider);
      return c.json({ provider, changes }, 200);
    });
}
