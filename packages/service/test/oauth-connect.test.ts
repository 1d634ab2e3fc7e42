import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceApp, defaultManifestPath, loadManifest, seedDemoData } from '../src/index.js';
import type { OAuthDeps } from '../src/oauth/connect-flow.js';
import { SecretBox } from '../src/oauth/crypto.js';
import { SqliteOAuthStore } from '../src/oauth/oauth-store.js';
import { createSandboxProvider } from '../src/provider/index.js';
import type { Database } from '../src/store/index.js';
import { openDatabase, SqliteRepository } from '../src/store/index.js';
import { contactsConfig } from './harness.js';

const apiKey = 'oauth-test-api-key';
const origin = 'http://localhost';
const redirectUrl = 'http://app.example/api/connect/done?attempt=abcdefghijklmnop';

let dataDir: string;
let db: Database;
let repo: SqliteRepository;
let clock: Date;
let key: Buffer;
let app: ReturnType<typeof createServiceApp>;
/** Every answer's status line, headers and body, to prove no token ever left in one. */
let transcript: string[];

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'splice-oauth-'));
  db = openDatabase(dataDir);
  repo = new SqliteRepository(db);
  await seedDemoData(repo, loadManifest(defaultManifestPath));
  const sandbox = createSandboxProvider(db, { contacts: 50 });
  clock = new Date('2026-11-23T10:00:00.000Z');
  key = randomBytes(32);
  const oauth: OAuthDeps = { store: new SqliteOAuthStore(db), secrets: new SecretBox(key), now: () => clock };
  app = createServiceApp({
    repo,
    providers: new Map([[sandbox.name, sandbox]]),
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
    body: JSON.stringify({ projectIdOrName: 'demo', provider: 'sandboxcrm', ...body }),
  });
}

/** Opens the consent page the URL points at and answers it, as a user's browser would. */
async function consent(url: string, decision: 'allow' | 'deny') {
  const page = await send(url);
  expect(page.status).toBe(200);
  const fields = new URLSearchParams(new URL(url).search);
  fields.set('decision', decision);
  const answer = await send('/sandbox-provider/oauth/authorize', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: fields.toString(),
  });
  expect(answer.status).toBe(303);
  return answer.headers.get('location') as string;
}

/** Follows the provider's redirect to the service's callback; answers where the callback sends the browser. */
async function callback(location: string) {
  const answer = await send(location);
  return { status: answer.status, location: answer.headers.get('location'), text: answer.text };
}

const outcomeOf = (location: string | null) => new URL(location as string).searchParams.get('outcome');

function storedTokens(): string[] {
  const rows = db.prepare('SELECT credentials FROM connections').all() as Array<{ credentials: string }>;
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
    expect(url.pathname).toBe('/sandbox-provider/oauth/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(43);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/callbacks/v1/oauth`);
    expect(url.searchParams.get('scope')).toBe('companies:read contacts:read contacts:write deals:read');
  });

  it('builds the provider URL and redirect_uri on the configured public origin, whatever Host the request names', async () => {
    // A request whose Host is evil.example (the URL a server derives from that header).
    const res = await send('http://evil.example/v1/oauth-connect', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey, host: 'evil.example' },
      body: JSON.stringify({
        projectIdOrName: 'demo',
        provider: 'sandboxcrm',
        groupRef: 'initech',
        consumerRef: 'carol',
      }),
    });
    expect(res.status).toBe(200);
    const url = new URL(res.text);
    expect(url.origin).toBe(origin);
    expect(url.searchParams.get('redirect_uri')).toBe(`${origin}/callbacks/v1/oauth`);
    // Nor does the consent form take a decision as if evil.example were the provider's own page.
    const fields = new URLSearchParams(url.search);
    fields.set('decision', 'allow');
    const forged = await send('http://evil.example/sandbox-provider/oauth/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: fields.toString(),
    });
    expect(forged.status).toBe(403);
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

describe('the consent page', () => {
  it('names the app, the account and what it may read and write, with Allow and Deny', async () => {
    const { text: url } = await connect({
      groupRef: 'initech',
      groupName: 'Initech',
      consumerRef: 'carol@initech',
    });
    const page = await send(url);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.text).toContain(
      '<strong>Northwind Pipeline</strong> wants to access your Sandbox CRM account',
    );
    expect(page.text).toContain('Signed in as <strong>carol@initech</strong>');
    expect(page.text).toContain('Workspace: Initech');
    expect(page.text).toContain('Read your companies, contacts, deals');
    expect(page.text).toContain('Create and update your contacts');
    expect(page.text).toMatch(/<button[^>]*value="deny">Deny<\/button>/);
    expect(page.text).toMatch(/<button[^>]*value="allow">Allow<\/button>/);
  });

  it('refuses a decision posted from another site', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol' });
    const fields = new URLSearchParams(new URL(url).search);
    fields.set('decision', 'allow');
    const res = await send('/sandbox-provider/oauth/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: fields.toString(),
    });
    expect(res.status).toBe(403);
    const opaque = await send('/sandbox-provider/oauth/authorize', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'cross-site',
      },
      body: fields.toString(),
    });
    expect(opaque.status).toBe(403);
  });

  it('takes a decision with an opaque origin when fetch metadata says it came from the page itself', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const fields = new URLSearchParams(new URL(url).search);
    fields.set('decision', 'deny');
    const res = await send('/sandbox-provider/oauth/authorize', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      body: fields.toString(),
    });
    expect(res.status).toBe(303);
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
    // The workspace the consent page showed is the one the connection names.
    expect(connection).toMatchObject({
      status: 'created',
      consumerRef: 'carol@initech',
      providerWorkspaceRef: 'Initech',
      isDefault: true,
    });
    expect(location.searchParams.get('connectionId')).toBe(connection?.id);

    const listed = await send('/v1/projects/demo/connections?groupRef=initech', {
      headers: { 'x-api-key': apiKey },
    });
    expect(JSON.parse(listed.text)).toEqual([
      expect.objectContaining({ id: connection?.id, status: 'created', provider: 'sandboxcrm' }),
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
    const created = await send('/v1/projects/demo/integrations/crm-sync/installations', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ groupRef: 'initech', config: contactsConfig() }),
    });
    expect(created.status).toBe(201);
    const installation = JSON.parse(created.text);
    // The answer is built from what the create wrote, not read back: it must agree with a later read.
    expect(installation.connection).toMatchObject({
      status: 'working',
      updateTime: installation.createTime,
      group: { groupRef: 'initech' },
    });
    const read = await send(`/v1/projects/demo/integrations/crm-sync/installations/${installation.id}`, {
      headers: { 'x-api-key': apiKey },
    });
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
    const acme = await connect({ groupRef: 'acme', consumerRef: 'alice', redirectUrl });
    const initech = await connect({ groupRef: 'initech', consumerRef: 'carol', redirectUrl });
    const acmeCode = new URL(await consent(acme.text, 'allow')).searchParams.get('code') as string;
    const initechState = new URL(initech.text).searchParams.get('state') as string;
    const end = await callback(`/callbacks/v1/oauth?state=${initechState}&code=${acmeCode}`);
    // The code is bound to acme's PKCE challenge; initech's verifier does not match it.
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
    await send(`/v1/projects/demo/connections/${connection?.id}:sandbox-revoke`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
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

describe('the sandbox token endpoint', () => {
  it('refuses a wrong PKCE verifier, and the code is spent by the attempt', async () => {
    const { text: url } = await connect({ groupRef: 'initech', consumerRef: 'carol' });
    const code = new URL(await consent(url, 'allow')).searchParams.get('code') as string;
    const exchange = (verifier: string) =>
      send('/sandbox-provider/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          redirect_uri: `${origin}/callbacks/v1/oauth`,
          client_id: 'splice-embedded',
        }).toString(),
      });
    const wrong = await exchange('a'.repeat(64));
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: 'invalid_grant' });
    expect(wrong.text).toContain('code_verifier does not match');
    const again = await exchange('b'.repeat(64));
    expect(JSON.parse(again.text)).toMatchObject({ error: 'invalid_grant' });
    expect(again.text).toContain('used already');
  });
});

describe('bad credentials and reconnect', () => {
  it('sandbox-revoke marks the connection bad_credentials; oauth-update refreshes the same connection', async () => {
    const revoke = await send('/v1/projects/demo/connections/conn-acme:sandbox-revoke', {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
    expect(revoke.status).toBe(200);
    expect(JSON.parse(revoke.text)).toMatchObject({ id: 'conn-acme', status: 'bad_credentials' });
    expect(revoke.text).not.toContain('sandbox-access-acme');

    const update = await send('/v1/projects/demo/connections/conn-acme:oauth-update', {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ redirectUrl }),
    });
    expect(update.status).toBe(200);
    expect(update.headers.get('content-type')).toMatch(/^text\/plain/);
    const end = await callback(await consent(update.text, 'allow'));
    expect(new URL(end.location as string).searchParams.get('connectionId')).toBe('conn-acme');
    expect((await repo.getConnection('demo', 'conn-acme'))?.status).toBe('created');
    expect(await repo.listConnections('demo', 'acme')).toHaveLength(1);
  });

  it('oauth-update without a body works, and an unknown connection is 404', async () => {
    const update = await send('/v1/projects/demo/connections/conn-acme:oauth-update', {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey },
    });
    expect(update.status).toBe(200);
    const missing = await send('/v1/projects/demo/connections/nope:oauth-update', {
      method: 'PATCH',
      headers: { 'x-api-key': apiKey },
    });
    expect(missing.status).toBe(404);
    const wrongMethod = await send('/v1/projects/demo/connections/conn-acme:oauth-update', {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
    expect(wrongMethod.status).toBe(405);
  });

  it('a revoked connection refuses installs until reconnected', async () => {
    await send('/v1/projects/demo/connections/conn-globex:sandbox-revoke', {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
    });
    const install = await send('/v1/projects/demo/integrations/crm-sync/installations?skipSampling=true', {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        groupRef: 'globex',
        config: {
          content: { provider: 'sandboxcrm', read: { objects: { contacts: { objectName: 'contacts' } } } },
        },
      }),
    });
    expect(install.status).toBe(422);
    expect(install.text).toContain('bad credentials');
  });
});
