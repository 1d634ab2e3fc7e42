import { randomBytes } from 'node:crypto';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from '@splice/provider-emulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { SecretBox } from '../oauth/crypto.js';
import { openCredentials, sealCredentials } from '../oauth/sealed-credentials.js';
import type { Connection, Repository } from '../store/index.js';
import { PgRepository } from '../store/pg/pg-repository.js';
import { SqliteRepository } from '../store/sqlite-repository.js';
import { type OpenedStore, stopTestPostgres, storeBackends } from '../store/test-backends.js';
import { providerCatalog } from './catalog.js';
import { connectorFor } from './connector-for.js';
import type { ProviderError } from './provider-error.js';
import { createConnectorSource, storeTokenSource } from './store-connector-source.js';

afterAll(stopTestPostgres);

let hubspot: RunningHubSpotEmulator;
let rotating: RunningHubSpotEmulator;
beforeAll(async () => {
  // HubSpot keeps one refresh token for a grant's life; the second emulator rotates them, as some do.
  [hubspot, rotating] = await Promise.all([
    startHubSpotEmulator({ counts: { contacts: 40, companies: 4, deals: 4 }, rotateRefreshTokens: false }),
    startHubSpotEmulator({ counts: { contacts: 40, companies: 4, deals: 4 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([hubspot?.close(), rotating?.close()]);
});

const readContacts = { objectName: 'contacts', fields: ['email'], pageSize: 10 };

describe.each(storeBackends)('the store-backed connector source on $name', (backend) => {
  let opened: OpenedStore;
  let repo: Repository;
  let secrets: SecretBox;
  let connectionCount = 0;

  /** The raw credentials column, as a copied database would show it. */
  async function rawCredentials(id: string): Promise<string> {
    if (opened.kind === 'sqlite') {
      const row = opened.db.prepare('SELECT credentials FROM connections WHERE id = ?').get(id) as {
        credentials: string;
      };
      return row.credentials;
    }
    const { rows } = await opened.pool.query(
      'SELECT CAST(credentials AS TEXT) AS c FROM connections WHERE id = $1',
      [id],
    );
    return rows[0].c as string;
  }

  /** A HubSpot connection holding tokens the emulator issued, expired when `expired` says so. */
  async function hubSpotConnection(
    emulator: RunningHubSpotEmulator,
    options: { expired?: boolean } = {},
  ): Promise<{ connection: Connection; accessToken: string; refreshToken: string }> {
    const issued = emulator.issueTokens(['crm.objects.contacts.read']);
    const connection = await repo.insertConnection({
      id: `hubspot-${++connectionCount}-${backend.name}`,
      projectId: 'demo',
      provider: 'hubspot',
      groupRef: 'acme',
      consumerRef: 'acme-admin',
      status: 'created',
      authScheme: 'oauth2/authorizationCode',
      isDefault: false,
      credentials: sealCredentials(secrets, {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAtMs: options.expired ? Date.now() - 1_000 : Date.now() + issued.expiresIn * 1000,
        scopes: ['crm.objects.contacts.read'],
      }),
    });
    return { connection, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  }

  const catalogOf = (emulator: RunningHubSpotEmulator) =>
    providerCatalog(providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: emulator.url }));

  beforeAll(async () => {
    await (await backend.open()).close();
  });
  beforeEach(async () => {
    opened = await backend.open();
    repo = opened.kind === 'sqlite' ? new SqliteRepository(opened.db) : new PgRepository(opened.pool);
    await repo.insertProject({ id: 'demo', name: 'demo' });
    await repo.upsertGroup({ projectId: 'demo', groupRef: 'acme', groupName: 'Acme' });
    secrets = new SecretBox(randomBytes(32));
  });
  afterEach(async () => {
    await opened.close();
  });

  it('reads a page with the stored tokens and marks the connection working', async () => {
    const { connection } = await hubSpotConnection(hubspot);
    const source = createConnectorSource({ repo, catalog: catalogOf(hubspot), secrets });
    expect(source.entry('hubspot')?.name).toBe('hubspot');
    expect(source.entry('pipedrive')).toBeUndefined();
    const page = await source.forConnection(connection).readPage(readContacts);
    expect(page.records).toHaveLength(10);
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('working');
  });

  it('keeps tokens sealed at rest, a refreshed access token too', async () => {
    const { connection, accessToken, refreshToken } = await hubSpotConnection(hubspot, { expired: true });
    const source = createConnectorSource({ repo, catalog: catalogOf(hubspot), secrets });
    await source.forConnection(connection).readPage(readContacts);
    const stored = await repo.getConnection('demo', connection.id);
    const tokens = openCredentials(secrets, stored?.credentials ?? {});
    expect(tokens?.accessToken).not.toBe(accessToken);
    expect(tokens?.refreshToken).toBe(refreshToken);
    expect(tokens?.scopes).toEqual(['crm.objects.contacts.read']);
    expect(tokens?.expiresAtMs).toBeGreaterThan(Date.now());
    const raw = await rawCredentials(connection.id);
    for (const token of [accessToken, refreshToken, tokens?.accessToken ?? '']) {
      expect(raw).not.toContain(token);
    }
    expect(JSON.parse(raw)).toEqual({ sealed: expect.objectContaining({ alg: 'A256GCM' }) });
  });

  it('replace is compare-and-set: of two writers from the same tokens one wins, and the loser reads its tokens', async () => {
    const { connection } = await hubSpotConnection(hubspot);
    const first = storeTokenSource(repo, secrets, connection);
    const second = storeTokenSource(repo, secrets, connection);
    const [seenByFirst, seenBySecond] = await Promise.all([first.current(), second.current()]);
    expect(seenBySecond).toEqual(seenByFirst);
    const results = await Promise.all([
      first.replace(seenByFirst, { accessToken: 'at-first', refreshToken: 'rt-first' }),
      second.replace(seenBySecond, { accessToken: 'at-second', refreshToken: 'rt-second' }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 'first' : 'second';
    for (const source of [first, second]) {
      expect(await source.current()).toMatchObject({
        accessToken: `at-${winner}`,
        refreshToken: `rt-${winner}`,
      });
    }
    // A replace from tokens that are no longer stored changes nothing.
    expect(await first.replace(seenByFirst, { accessToken: 'at-late' })).toBe(false);
    expect((await first.current()).accessToken).toBe(`at-${winner}`);
  });

  it('decrypts the stored tokens again only once the row holds others', async () => {
    const { connection, accessToken } = await hubSpotConnection(hubspot);
    const source = storeTokenSource(repo, secrets, connection);
    const opens = vi.spyOn(secrets, 'open');
    const first = await source.current();
    expect(first.accessToken).toBe(accessToken);
    expect(await source.current()).toEqual(first);
    expect(opens).toHaveBeenCalledTimes(1);
    // Another process rotates them: the next call reads the new row and opens it.
    const other = storeTokenSource(repo, secrets, connection);
    expect(await other.replace(first, { accessToken: 'at-next', refreshToken: 'rt-next' })).toBe(true);
    expect(await source.current()).toMatchObject({ accessToken: 'at-next', refreshToken: 'rt-next' });
  });

  it('two processes refreshing one connection at once keep one rotation, and both reads succeed', async () => {
    const { connection, accessToken } = await hubSpotConnection(hubspot, { expired: true });
    const entry = catalogOf(hubspot).get('hubspot')!;
    // Two connectors with their own in-process refresh state, over the same row: two service instances.
    const instances = ['a', 'b'].map((instance) =>
      connectorFor(entry, {
        id: `${connection.id}@${instance}`,
        tokens: storeTokenSource(repo, secrets, connection),
      }),
    );
    const pages = await Promise.all(instances.map((connector) => connector.readPage(readContacts)));
    for (const page of pages) expect(page.records).toHaveLength(10);
    const stored = openCredentials(secrets, (await repo.getConnection('demo', connection.id))!.credentials);
    expect(stored?.accessToken).not.toBe(accessToken);
    // The stored token is one the provider accepts: the next read uses it without refreshing.
    const third = storeTokenSource(repo, secrets, connection);
    const next = await connectorFor(entry, { id: `${connection.id}@c`, tokens: third }).readPage(
      readContacts,
    );
    expect(next.records).toHaveLength(10);
    expect((await third.current()).accessToken).toBe(stored?.accessToken);
  });

  it('concurrent reads of one connection in one process rotate a rotating refresh token once', async () => {
    const { connection, refreshToken } = await hubSpotConnection(rotating, { expired: true });
    const source = createConnectorSource({ repo, catalog: catalogOf(rotating), secrets });
    const connector = source.forConnection(connection);
    const pages = await Promise.all([1, 2, 3].map(() => connector.readPage(readContacts)));
    for (const page of pages) expect(page.records).toHaveLength(10);
    const stored = openCredentials(secrets, (await repo.getConnection('demo', connection.id))!.credentials);
    expect(stored?.refreshToken).not.toBe(refreshToken);
    // Presenting a retired refresh token would have revoked the grant: the connection still works.
    expect((await connector.readPage(readContacts)).records).toHaveLength(10);
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('working');
  });

  it('a revoked grant marks the connection bad_credentials, and the read fails asking to reconnect', async () => {
    const { connection, accessToken } = await hubSpotConnection(rotating);
    const source = createConnectorSource({ repo, catalog: catalogOf(rotating), secrets });
    await source.forConnection(connection).readPage(readContacts);
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('working');
    rotating.revokeGrant(accessToken);
    const failure = await source
      .forConnection(connection)
      .readPage(readContacts)
      .catch((error: ProviderError) => error);
    expect(failure).toMatchObject({ kind: 'authInvalid', message: expect.stringMatching(/Reconnect/) });
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('bad_credentials');
  });

  it('once the provider refused the grant, calls ask to reconnect without reaching it again, until a reconnect', async () => {
    let crmCalls = 0;
    const counted = await startHubSpotEmulator({
      counts: { contacts: 10, companies: 1, deals: 1 },
      middleware: [
        async (c, next) => {
          if (c.req.path.startsWith('/crm/')) crmCalls++;
          await next();
        },
      ],
    });
    try {
      const { connection, accessToken } = await hubSpotConnection(counted);
      const source = createConnectorSource({ repo, catalog: catalogOf(counted), secrets });
      const read = () => source.forConnection(connection).readPage(readContacts);
      counted.revokeGrant(accessToken);
      await expect(read()).rejects.toMatchObject({ kind: 'authInvalid' });
      expect((await repo.getConnection('demo', connection.id))?.status).toBe('bad_credentials');
      const callsWhenRefused = crmCalls;
      expect(callsWhenRefused).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) {
        await expect(read()).rejects.toMatchObject({
          kind: 'authInvalid',
          message: expect.stringMatching(/Reconnect/),
        });
      }
      expect(crmCalls).toBe(callsWhenRefused);
      // A reconnect stores the new grant's tokens with the status `created`: calls go out again.
      const stored = (await repo.getConnection('demo', connection.id))!;
      const issued = counted.issueTokens(['crm.objects.contacts.read']);
      const reconnected = sealCredentials(secrets, {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAtMs: Date.now() + issued.expiresIn * 1000,
      });
      expect(
        await repo.replaceConnectionCredentials('demo', connection.id, stored.credentials, reconnected),
      ).toBe(true);
      await repo.setConnectionStatus('demo', connection.id, 'created');
      expect((await read()).records.length).toBeGreaterThan(0);
      expect(crmCalls).toBeGreaterThan(callsWhenRefused);
    } finally {
      await counted.close();
    }
  });

  it('a connection whose credentials another key sealed fails authInvalid without a call', async () => {
    const { connection } = await hubSpotConnection(hubspot);
    const source = createConnectorSource({
      repo,
      catalog: catalogOf(hubspot),
      secrets: new SecretBox(randomBytes(32)),
    });
    await expect(source.forConnection(connection).readPage(readContacts)).rejects.toMatchObject({
      kind: 'authInvalid',
    });
  });
});
