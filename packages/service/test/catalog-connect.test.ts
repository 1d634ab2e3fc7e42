import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../src/config.js';
import { providerCatalog } from '../src/connectors/catalog.js';
import type { ReadPageRequest } from '../src/connectors/connector.js';
import {
  type EmulatedProviders,
  startEmulatedProviders,
} from '../src/connectors/emulated-providers.fixture.js';
import { createConnectorSource } from '../src/connectors/store-connector-source.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { openCredentials } from '../src/oauth/sealed-credentials.js';
import { loadSecretKey } from '../src/oauth/secret-key.js';
import type { Connection } from '../src/store/index.js';
import { apiKeyHeaders, startTestService, type TestService } from './harness.js';

const redirectUrl = 'http://app.example/api/connect/done?attempt=abcdefghijklmnop';
const browserSecret = 's'.repeat(43);
const browserBinding = createHash('sha256').update(browserSecret).digest('base64url');

let providers: EmulatedProviders;
let service: TestService;
let providerApps: ReturnType<typeof providerAppsFromEnv>;
let secrets: SecretBox;

beforeAll(async () => {
  providers = await startEmulatedProviders({ contacts: 60, companies: 6, deals: 6 });
  providerApps = providerAppsFromEnv({
    SPLICE_HUBSPOT_BASE_URL: providers.hubspot.url,
    SPLICE_SALESFORCE_BASE_URL: providers.salesforce.url,
  });
  service = await startTestService({ providerApps });
  secrets = new SecretBox(loadSecretKey(service.dataDir));
});
afterAll(async () => {
  await service?.dispose();
  await providers?.close();
});

/**
 * Reads a page of the connection through a `ConnectorSource` as the service builds its `deps.connectors`:
 * the same factory over the service's store and key (a repository of its own, as another instance's).
 */
function readThrough(connection: Connection, request: ReadPageRequest) {
  return service.withRepo((repo) =>
    createConnectorSource({ repo, catalog: providerCatalog(providerApps), secrets })
      .forConnection(connection)
      .readPage(request),
  );
}

async function startConnect(provider: string, body: Record<string, unknown> = {}): Promise<URL> {
  const res = await fetch(`${service.baseUrl}/oauth-connect`, {
    method: 'POST',
    headers: apiKeyHeaders(service),
    body: JSON.stringify({
      projectIdOrName: 'demo',
      provider,
      groupRef: 'initech',
      consumerRef: 'carol@initech',
      redirectUrl,
      ...body,
    }),
  });
  expect(res.status).toBe(200);
  return new URL(await res.text());
}

const htmlText = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * As a browser: opens the provider's consent page, posts its form with the button pressed, and answers
 * where the provider redirects (the service's callback, with a code or an error).
 */
async function consent(url: URL, decision: 'allow' | 'deny'): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(htmlText(name as string), htmlText(value as string));
  }
  fields.set('decision', decision);
  const answer = await fetch(new URL(htmlText(action as string), url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect([302, 303]).toContain(answer.status);
  return new URL(answer.headers.get('location') as string);
}

/** Follows the provider's redirect to the service's callback; answers where the service sends the browser. */
async function callback(location: URL): Promise<URL> {
  expect(location.origin).toBe(service.publicUrl);
  const answer = await fetch(location, { redirect: 'manual' });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') as string);
}

const initechConnections = () => service.withRepo((repo) => repo.listConnections('demo', 'initech'));

async function connectionOf(end: URL): Promise<Connection> {
  expect(end.searchParams.get('outcome')).toBe('connected');
  const id = end.searchParams.get('connectionId') as string;
  const connection = await service.withRepo((repo) => repo.getConnection('demo', id));
  expect(connection).toBeDefined();
  return connection as Connection;
}

async function removeConnection(connection: Connection) {
  await service.withRepo((repo) => repo.deleteUnusedConnection('demo', connection.id));
}

/** The credentials column as it is at rest, on either database. */
async function rawCredentials(id: string): Promise<string> {
  const [row] = await service.sql<{ c: string }>(
    'SELECT CAST(credentials AS TEXT) AS c FROM connections WHERE id = ?',
    id,
  );
  return row?.c ?? '';
}

describe('connecting a catalog provider through its own consent page', () => {
  it("HubSpot: the provider's authorize URL, the code exchanged at its token URL, tokens sealed, hub id as the workspace, a page read with them", async () => {
    const url = await startConnect('hubspot');
    expect(url.origin + url.pathname).toBe(`${providers.hubspot.url}/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe('splice-emulator-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${service.publicUrl}/callbacks/v1/oauth`);
    expect(url.searchParams.get('scope')?.split(' ')).toContain('crm.objects.contacts.read');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    // HubSpot's entry is a plain authorization code grant: no PKCE challenge.
    expect(url.searchParams.has('code_challenge')).toBe(false);

    const connection = await connectionOf(await callback(await consent(url, 'allow')));
    expect(connection).toMatchObject({
      provider: 'hubspot',
      groupRef: 'initech',
      consumerRef: 'carol@initech',
      status: 'created',
      authScheme: 'oauth2/authorizationCode',
      providerWorkspaceRef: '20250101',
    });
    const tokens = openCredentials(secrets, connection.credentials);
    expect(tokens?.refreshToken).toBeDefined();
    expect(tokens?.expiresAtMs).toBeGreaterThan(Date.now());
    expect(tokens?.scopes).toContain('crm.objects.contacts.read');
    const raw = await rawCredentials(connection.id);
    expect(raw).not.toContain(tokens?.accessToken);
    expect(raw).not.toContain(tokens?.refreshToken);

    const page = await readThrough(connection, {
      objectName: 'contacts',
      fields: ['firstname', 'lastname', 'email', 'lifecyclestage'],
      pageSize: 5,
    });
    expect(page.records).toHaveLength(5);
    expect(page.records[0]?.fields).toHaveProperty('email');
    expect((await service.withRepo((repo) => repo.getConnection('demo', connection.id)))?.status).toBe(
      'working',
    );
    await removeConnection(connection);
  });

  it('Salesforce: PKCE, the verifier at the token URL, instance_url stored and the workspace, a page read there', async () => {
    const url = await startConnect('salesforce');
    expect(url.origin + url.pathname).toBe(`${providers.salesforce.url}/services/oauth2/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toBe('api refresh_token');

    const connection = await connectionOf(await callback(await consent(url, 'allow')));
    expect(connection).toMatchObject({
      provider: 'salesforce',
      authScheme: 'oauth2/authorizationCodePKCE',
      providerWorkspaceRef: providers.salesforce.url,
    });
    expect(openCredentials(secrets, connection.credentials)?.instanceUrl).toBe(providers.salesforce.url);
    const page = await readThrough(connection, {
      objectName: 'Contact',
      fields: ['FirstName', 'LastName', 'Email'],
      pageSize: 5,
    });
    expect(page.records).toHaveLength(5);
    expect(page.records[0]?.fields).toHaveProperty('Email');
    await removeConnection(connection);
  });

  it('a wrong PKCE verifier is refused at the token URL: provider_error, nothing saved', async () => {
    const url = await startConnect('salesforce');
    // A challenge the flow's verifier does not match, as a tampered authorization request would carry.
    url.searchParams.set(
      'code_challenge',
      createHash('sha256').update('another verifier').digest('base64url'),
    );
    const end = await callback(await consent(url, 'allow'));
    expect(end.searchParams.get('outcome')).toBe('provider_error');
    expect(await initechConnections()).toEqual([]);
  });

  it('Deny ends with access_denied and connects nothing', async () => {
    const end = await callback(await consent(await startConnect('hubspot'), 'deny'));
    expect(end.searchParams.get('outcome')).toBe('access_denied');
    expect(await initechConnections()).toEqual([]);
  });

  it('a state works once: a replayed callback ends with expired and changes nothing', async () => {
    const location = await consent(await startConnect('hubspot'), 'allow');
    const connection = await connectionOf(await callback(location));
    const replay = await callback(location);
    expect(replay.searchParams.get('outcome')).toBe('expired');
    expect((await initechConnections()).map((c) => c.id)).toEqual([connection.id]);
    await removeConnection(connection);
  });

  it('a flow bound to its browser saves only when that browser completes it, once', async () => {
    const bound = async () => {
      const end = await callback(await consent(await startConnect('hubspot', { browserBinding }), 'allow'));
      expect(end.searchParams.get('outcome')).toBeNull();
      return end.searchParams.get('completion') as string;
    };
    const complete = (completion: string, secret: string) =>
      fetch(`${service.baseUrl}/oauth-connect/complete`, {
        method: 'POST',
        headers: apiKeyHeaders(service),
        body: JSON.stringify({ projectIdOrName: 'demo', completion, browserSecret: secret }),
      });
    const stolen = await bound();
    expect((await complete(stolen, 'x'.repeat(43))).status).toBe(404);
    expect((await complete(stolen, browserSecret)).status).toBe(404);
    expect(await initechConnections()).toEqual([]);

    const completion = await bound();
    const done = await complete(completion, browserSecret);
    expect(done.status).toBe(200);
    const { connectionId } = (await done.json()) as { connectionId: string };
    const [connection] = await initechConnections();
    expect(connection).toMatchObject({
      id: connectionId,
      provider: 'hubspot',
      providerWorkspaceRef: '20250101',
    });
    expect((await complete(completion, browserSecret)).status).toBe(404);
    const page = await readThrough(connection as Connection, {
      objectName: 'contacts',
      fields: ['email'],
      pageSize: 3,
    });
    expect(page.records).toHaveLength(3);
    await removeConnection(connection as Connection);
  });

  it('oauth-update reconnects the same catalog connection with new tokens', async () => {
    const connection = await connectionOf(
      await callback(await consent(await startConnect('hubspot'), 'allow')),
    );
    const before = openCredentials(secrets, connection.credentials);
    const update = await fetch(`${service.baseUrl}/projects/demo/connections/${connection.id}:oauth-update`, {
      method: 'PATCH',
      headers: apiKeyHeaders(service),
      body: JSON.stringify({ redirectUrl }),
    });
    expect(update.status).toBe(200);
    const url = new URL(await update.text());
    expect(url.origin).toBe(providers.hubspot.url);
    const again = await connectionOf(await callback(await consent(url, 'allow')));
    expect(again.id).toBe(connection.id);
    expect(openCredentials(secrets, again.credentials)?.accessToken).not.toBe(before?.accessToken);
    await removeConnection(again);
  });

  it('a revoked grant shows the connection bad_credentials through the API; a reconnect makes reads work again', async () => {
    const connection = await connectionOf(
      await callback(await consent(await startConnect('salesforce'), 'allow')),
    );
    const read = { objectName: 'Contact', fields: ['Email'], pageSize: 2 };
    const statusShown = async () => {
      const res = await fetch(`${service.baseUrl}/projects/demo/connections?groupRef=initech`, {
        headers: apiKeyHeaders(service),
      });
      const [shown] = (await res.json()) as { id: string; status: string }[];
      expect(shown?.id).toBe(connection.id);
      return shown?.status;
    };
    await readThrough(connection, read);
    expect(await statusShown()).toBe('working');
    providers.salesforce.revokeGrant(openCredentials(secrets, connection.credentials)?.accessToken as string);
    await expect(readThrough(connection, read)).rejects.toMatchObject({ kind: 'authInvalid' });
    expect(await statusShown()).toBe('bad_credentials');

    const update = await fetch(`${service.baseUrl}/projects/demo/connections/${connection.id}:oauth-update`, {
      method: 'PATCH',
      headers: apiKeyHeaders(service),
      body: JSON.stringify({ redirectUrl }),
    });
    const again = await connectionOf(await callback(await consent(new URL(await update.text()), 'allow')));
    expect(again.id).toBe(connection.id);
    expect((await readThrough(again, read)).records).toHaveLength(2);
    expect(await statusShown()).toBe('working');
    await removeConnection(again);
  });
});
