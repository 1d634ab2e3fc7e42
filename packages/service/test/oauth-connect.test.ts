/**
 * The connect flow (oauth-connect, the callback, the bound completion, oauth-update) of the service's app
 * in process, on a clock of its own, against Salesforce's emulator: its consent page, its token endpoint
 * with PKCE and its grants. Globex's Salesforce connection is the demo's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from '@splice/provider-emulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerCatalog } from '../src/connectors/catalog.js';
import { createConnectorSource } from '../src/connectors/store-connector-source.js';
import { seedDemoConnections } from '../src/demo-data.js';
import {
  createServiceApp,
  defaultManifestPath,
  loadManifest,
  providerAppsFromEnv,
  seedDemoData,
} from '../src/index.js';
import type { OAuthDeps } from '../src/oauth/connect-flow.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { SqliteOAuthStore } from '../src/oauth/oauth-store.js';
import type { Database } from '../src/store/index.js';
import { openDatabase, SqliteRepository } from '../src/store/index.js';
import { contactsConfig } from './harness.js';

const apiKey = 'oauth-test-api-key';
const origin = 'http://localhost';
const redirectUrl = 'http://app.example/api/connect/done?attempt=abcdefghijklmnop';
const globexConnection = 'conn-globex-salesforce';

let salesforce: RunningSalesforceEmulator;
let dataDir: string;
let db: Database;
let repo: SqliteRepository;
let clock: Date;
let key: Buffer;
let app: ReturnType<typeof createServiceApp>;
/** Every answer's status line, headers and body, to prove no token ever left in one. */
let transcript: string[];
const catalog = () => providerCatalog(providerAppsFromEnv({ SPLICE_SALESFORCE_BASE_URL: salesforce.url }));

beforeAll(async () => {
  salesforce = await startSalesforceEmulator({ counts: { contacts: 30, companies: 3, deals: 3 } });
});
afterAll(async () => {
  await salesforce?.close();
});

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'splice-oauth-'));
  db = openDatabase(dataDir);
  repo = new SqliteRepository(db);
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  clock = new Date('2026-11-23T10:00:00.000Z');
  key = randomBytes(32);
  const secrets = new SecretBox(key);
  const issued = salesforce.issueTokens();
  await seedDemoConnections(repo, secrets, [
    {
      groupRef: 'globex',
      provider: 'salesforce',
      tokens: {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAtMs: Date.now() + issued.expiresIn * 1000,
        instanceUrl: salesforce.url,
      },
    },
  ]);
  const oauth: OAuthDeps = { store: new SqliteOAuthStore(db), secrets, now: () => clock };
  app = createServiceApp({
    repo,
    connectors: createConnectorSource({ repo, catalog: catalog(), secrets }),
    credentials: { apiKey, authToken: 'oauth-test-token' },
    oauth,
    publicOrigin: () => origin,
  });
  transcript = [];
});
afterEach(() => {
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(path: string, init: RequestInit = {}) {
  const response = await app.request(path.startsWith('http') ? path : `${origin}${path}`, init);
  const text = await response.text();
  transcript.push(`${response.status} ${JSON.stringify([...response.headers])} ${text}`);
  return { status: response.status, headers: response.headers, text };
}

function connect(body: Record<string, unknown>) {
  return send('/v1/oauth-connect', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ projectIdOrName: 'demo', provider: 'salesforce', ...body }),
  });
}

const htmlText = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/**
 * Opens the provider's consent page the URL points at (the emulator's, over HTTP) and answers it, as a
 * user's browser would: the location the provider sends the browser to.
 */
async function consent(url: string, decision: 'allow' | 'deny') {
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
  return answer.headers.get('location') as string;
}

/** Follows the provider's redirect to the service's callback; answers where the callback sends the browser. */
async function callback(location: string) {
  const answer = await send(location);
  return { status: answer.status, location: answer.headers.get('location'), text: answer.text };
}

/**
 * Salesforce ends the group's grant (as a user removing the app does); the service learns it on its next
 * call with the tokens, here a metadata read.
 */
async function revoke(groupRef: string) {
  const [accessToken] = storedTokens(groupRef);
  expect(salesforce.revokeGrant(accessToken as string)).toBe(true);
  const read = await send(
    `/v1/projects/demo/providers/salesforce/objects/Contact/metadata?groupRef=${groupRef}`,
    {
      headers: { 'x-api-key': apiKey },
    },
  );
  expect(read.status).not.toBe(200);
}

const outcomeOf = (location: string | null) => new URL(location as string).searchParams.get('outcome');

/** The tokens sealed in the connections of a group. */
function storedTokens(groupRef = 'initech'): string[] {
  const rows = db.prepare('SELECT credentials FROM connections WHERE group_ref = ?').all(groupRef) as Array<{
    credentials: string;
  }>;
  const box = new SecretBox(key);
  return rows.flatMap((row) => {
    const opened = box.open((JSON.parse(row.credentials) as { sealed?: unknown }).sealed) as
      | { accessToken: string; refreshToken: string }
      | undefined;
    return opened ? [opened.accessToken, opened.refreshToken] : [];
  });
}

describe('POST {base_url}/oauth-connect', () => {
  it('answers 200 text/plain with the provider URL: S256 challenge, state, the service callback', async () => {
    const res = await connect({ groupRef: 'initech', consumerRef: 'carol@initech' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const url = new URL(res.text);
    const oauth = catalog().get('salesforce')?.oauth;
    expect(`${url.origin}${url.pathname}`).toBe(oauth?.authorizeUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/callbacks/v1/oauth`);
    expect(url.searchParams.get('scope')).toBe(oauth?.scopes.join(' '));
  });

  it('builds the provider URL and redirect_uri on the configured public origin, whatever Host the request names', async () => {
    // A request whose Host is evil.example (the URL a server derives from that header).
    const res = await send('http://evil.example/v1/oauth-connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, host: 'evil.example' },
      body: JSON.stringify({
        projectIdOrName: 'demo',
        provider: 'salesforce',
        groupRef: 'initech',
        consumerRef: 'carol',
      }),
    });
    expect(res.status).toBe(200);
    const url = new URL(res.text);
    expect(url.origin).toBe(new URL(salesforce.url).origin);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/callbacks/v1/oauth`);
  });

  it('refuses a body without the required fields, naming each', async () => {
    const res = await connect({ groupRef: '' });
    expect(res.status).toBe(400);
    const names = (JSON.parse(res.text) as { issues: Array<{ name: string }> }).issues.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['groupRef', 'consumerRef']));
  });

  it('refuses a call without credentials and an unknown provider', async () => {
    const anonymous = await send('/v1/oauth-connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    const unknown = await connect({ provider: 'nocrm', groupRef: 'initech', consumerRef: 'carol' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('"name":"provider"');
  });
});

describe('the flow', () => {
  it('Allow creates the group connection (status created) and ends on the redirect URL', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol@initech', redirectUrl });
    const end = await callback(await consent(url, 'allow'));
    expect(end.status).toBe(303);
    const location = new URL(end.location as string);
    expect(location.origin + location.pathname).toBe('http://app.example/api/connect/done');
    expect(location.searchParams.get('attempt')).toBe('abcdefghijklmnop');
    expect(location.searchParams.get('outcome')).toBe('connected');
    const [connection] = await repo.listConnections('demo', 'initech');
    // Salesforce names the org the user signed in to by its instance.
    expect(connection).toMatchObject({
      status: 'created',
      consumerRef: 'carol@initech',
      providerWorkspaceRef: salesforce.url,
      isDefault: true,
    });
    expect(location.searchParams.get('connectionId')).toBe(connection?.id);

    const listed = await send('/v1/projects/demo/connections?groupRef=initech', {
      headers: { 'x-api-key': apiKey },
    });
    expect(JSON.parse(listed.text)).toEqual([
      expect.objectContaining({ id: connection?.id, status: 'created', provider: 'salesforce' }),
    ]);
    // The tokens exist (sealed in the store), and not one answer of the whole flow carried either of them.
    const tokens = storedTokens();
    expect(tokens).toHaveLength(2);
    for (const token of tokens) for (const answer of transcript) expect(answer).not.toContain(token);
    expect(JSON.stringify((await repo.listConnections('demo', 'initech'))[0]?.credentials)).not.toContain(
      tokens[0],
    );
  });

  it('installs on a fresh connection: the 201 shows it working, as the store then holds it', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    expect(outcomeOf((await callback(await consent(url, 'allow'))).location)).toBe('connected');
    const created = await send('/v1/projects/demo/integrations/salesforce-sync/installations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ groupRef: 'initech', config: contactsConfig({}, 'salesforce') }),
    });
    expect(created.status).toBe(201);
    const installation = JSON.parse(created.text);
    // The answer is built from what the create wrote, not read back: it must agree with a later read.
    expect(installation.connection).toMatchObject({
      status: 'working',
      updateTime: installation.createTime,
      group: { groupRef: 'initech' },
    });
    const read = await send(
      `/v1/projects/demo/integrations/salesforce-sync/installations/${installation.id}`,
      {
        headers: { 'x-api-key': apiKey },
      },
    );
    expect(JSON.parse(read.text).connection).toEqual(installation.connection);
    expect(JSON.parse(read.text).group).toEqual(installation.group);
  });

  it('creates a group the project does not know yet, named as the call said', async () => {
    const { text: url } = await connect({
      groupRef: 'hooli',
      groupName: 'Hooli',
      consumerRef: 'gavin',
      redirectUrl,
    });
    expect(outcomeOf((await callback(await consent(url, 'allow'))).location)).toBe('connected');
    expect((await repo.getGroup('demo', 'hooli'))?.groupName).toBe('Hooli');
    expect(await repo.listConnections('demo', 'hooli')).toHaveLength(1);
  });

  it('Deny ends with access_denied and connects nothing', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const end = await callback(await consent(url, 'deny'));
    expect(outcomeOf(end.location)).toBe('access_denied');
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
  });

  it('a state works once: replaying the callback ends with expired and changes nothing', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const providerRedirect = await consent(url, 'allow');
    expect(outcomeOf((await callback(providerRedirect)).location)).toBe('connected');
    const before = await repo.listConnections('demo', 'initech');
    const replay = await callback(providerRedirect);
    expect(outcomeOf(replay.location)).toBe('expired');
    expect(await repo.listConnections('demo', 'initech')).toEqual(before);
  });

  it('a state older than 10 minutes ends with expired', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const providerRedirect = await consent(url, 'allow');
    clock = new Date(clock.getTime() + 10 * 60_000 + 1);
    expect(outcomeOf((await callback(providerRedirect)).location)).toBe('expired');
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
  });

  it('an unknown state shows a page and connects nothing', async () => {
    const end = await callback('/callbacks/v1/oauth?state=nonsense&code=whatever');
    expect(end.status).toBe(400);
    expect(end.text).toContain('Link expired');
  });

  it("a code issued in one group's flow, presented with another group's state, connects nobody", async () => {
    const globex = await connect({ groupRef: 'globex', consumerRef: 'bob', redirectUrl });
    const initech = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const globexCode = new URL(await consent(globex.text, 'allow')).searchParams.get('code') as string;
    const initechState = new URL(initech.text).searchParams.get('state') as string;
    const end = await callback(`/callbacks/v1/oauth?state=${initechState}&code=${globexCode}`);
    // The code is bound to globex's PKCE challenge; initech's verifier does not match it.
    expect(outcomeOf(end.location)).toBe('provider_error');
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
  });
});

describe('a flow bound to the browser that started it', () => {
  const browserSecret = 'b'.repeat(43);
  const browserBinding = createHash('sha256').update(browserSecret).digest('base64url');

  function complete(body: Record<string, unknown>) {
    return send('/v1/oauth-connect/complete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ projectIdOrName: 'demo', ...body }),
    });
  }

  /** Runs a bound flow to its callback: answers the completion the browser is sent to redirectUrl with. */
  async function heldFlow(body: Record<string, unknown> = {}) {
    const { text: url } = await connect({
      groupRef: 'initech',
      consumerRef: 'carol',
      redirectUrl,
      browserBinding,
      ...body,
    });
    const end = await callback(await consent(url, 'allow'));
    expect(end.status).toBe(303);
    const location = new URL(end.location as string);
    expect(location.searchParams.get('attempt')).toBe('abcdefghijklmnop');
    expect(location.searchParams.get('outcome')).toBeNull();
    return location.searchParams.get('completion') as string;
  }

  it('saves nothing at the callback; the browser secret completes it, once', async () => {
    const completion = await heldFlow();
    expect(completion).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
    const done = await complete({ completion, browserSecret });
    expect(done.status).toBe(200);
    const [connection] = await repo.listConnections('demo', 'initech');
    expect(connection).toMatchObject({ status: 'created', consumerRef: 'carol' });
    expect(JSON.parse(done.text)).toEqual({ connectionId: connection?.id });
    expect(storedTokens()).toHaveLength(2);
    for (const token of storedTokens()) for (const answer of transcript) expect(answer).not.toContain(token);
    const again = await complete({ completion, browserSecret });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.text).type).toBe('urn:problem-type:connect-flow-not-found');
  });

  it('a missing or wrong browser secret saves nothing and spends the held result', async () => {
    const first = await heldFlow();
    expect((await complete({ completion: first })).status).toBe(404);
    expect((await complete({ completion: first, browserSecret })).status).toBe(404);
    const second = await heldFlow();
    expect((await complete({ completion: second, browserSecret: 'c'.repeat(43) })).status).toBe(404);
    expect((await complete({ completion: second, browserSecret })).status).toBe(404);
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
    // The held tokens are erased, not only refused.
    const held = db.prepare('SELECT COUNT(*) FROM oauth_flows WHERE held_credentials IS NOT NULL');
    expect(held.pluck().get()).toBe(0);
  });

  it('a held result waits two minutes after the callback at most', async () => {
    const completion = await heldFlow();
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect((await complete({ completion, browserSecret })).status).toBe(404);
    expect(await repo.listConnections('demo', 'initech')).toEqual([]);
  });

  it('oauth-update bound the same way refreshes the same connection only once completed', async () => {
    const completion = await heldFlow();
    expect((await complete({ completion, browserSecret })).status).toBe(200);
    const [connection] = await repo.listConnections('demo', 'initech');
    await revoke('initech');
    const update = await send(`/v1/projects/demo/connections/${connection?.id}:oauth-update`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ redirectUrl, browserBinding }),
    });
    expect(update.status).toBe(200);
    const end = await callback(await consent(update.text, 'allow'));
    const refreshed = new URL(end.location as string).searchParams.get('completion') as string;
    expect((await repo.listConnections('demo', 'initech'))[0]?.status).toBe('bad_credentials');
    expect(JSON.parse((await complete({ completion: refreshed, browserSecret })).text)).toEqual({
      connectionId: connection?.id,
    });
    expect((await repo.listConnections('demo', 'initech'))[0]?.status).toBe('created');
  });

  it('refuses a binding without a redirectUrl, naming redirectUrl', async () => {
    const res = await connect({ groupRef: 'initech', consumerRef: 'carol', browserBinding });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).issues).toEqual([
      expect.objectContaining({ name: 'redirectUrl', in: 'body', type: 'urn:problem-type:missing-property' }),
    ]);
  });
});

describe('bad credentials and reconnect', () => {
  it('a grant Salesforce revoked marks the connection bad_credentials; oauth-update refreshes the same connection', async () => {
    const [accessToken] = storedTokens('globex');
    await revoke('globex');
    const listed = await send('/v1/projects/demo/connections?groupRef=globex', {
      headers: { 'x-api-key': apiKey },
    });
    const connections = JSON.parse(listed.text) as Array<{ id: string; status: string }>;
    expect(connections.find((c) => c.id === globexConnection)?.status).toBe('bad_credentials');
    for (const answer of transcript) expect(answer).not.toContain(accessToken);

    const update = await send(`/v1/projects/demo/connections/${globexConnection}:oauth-update`, {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ redirectUrl }),
    });
    expect(update.status).toBe(200);
    expect(update.headers.get('content-type')).toMatch(/^text\/plain/);
    const end = await callback(await consent(update.text, 'allow'));
    expect(new URL(end.location as string).searchParams.get('connectionId')).toBe(globexConnection);
    expect((await repo.getConnection('demo', globexConnection))?.status).toBe('created');
    expect(await repo.listConnections('demo', 'globex')).toHaveLength(1);
  });

  it('oauth-update without a body works, and an unknown connection is 404', async () => {
    const update = await send(`/v1/projects/demo/connections/${globexConnection}:oauth-update`, {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey },
    });
    expect(update.status).toBe(200);
    const missing = await send('/v1/projects/demo/connections/nope:oauth-update', {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey },
    });
    expect(missing.status).toBe(404);
    const wrongMethod = await send(`/v1/projects/demo/connections/${globexConnection}:oauth-update`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
    expect(wrongMethod.status).toBe(405);
  });

  it('a revoked connection refuses installs until reconnected', async () => {
    await revoke('globex');
    const install = await send(
      '/v1/projects/demo/integrations/salesforce-sync/installations?skipSampling=true',
      {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          groupRef: 'globex',
          config: {
            content: { provider: 'salesforce', read: { objects: { Contact: { objectName: 'Contact' } } } },
          },
        }),
      },
    );
    expect(install.status).toBe(422);
    expect(install.text).toContain('bad credentials');
  });
});
