/**
 * One refresh at a time per connection across instances sharing a store: three connectors with their own
 * in-process refresh state and their own claim owner stand for three service instances over one
 * connection row, against an emulator that rotates refresh tokens and revokes a grant on any reuse.
 */
import { randomBytes } from 'node:crypto';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from '@splice/provider-emulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { SecretBox } from '../oauth/crypto.js';
import { openCredentials, sealCredentials } from '../oauth/sealed-credentials.js';
import type { Connection, Repository } from '../store/index.js';
import { PgRepository } from '../store/pg/pg-repository.js';
import { SqliteRepository } from '../store/sqlite-repository.js';
import { type OpenedStore, stopTestPostgres, storeBackends } from '../store/test-backends.js';
import { providerCatalog } from './catalog.js';
import { connectorFor } from './connector-for.js';
import { storeTokenSource } from './store-connector-source.js';

afterAll(stopTestPostgres);

let strict: RunningHubSpotEmulator;
let graceful: RunningHubSpotEmulator;
beforeAll(async () => {
  const counts = { contacts: 20, companies: 2, deals: 2 };
  [strict, graceful] = await Promise.all([
    startHubSpotEmulator({ counts, rotateRefreshTokens: true }),
    startHubSpotEmulator({ counts, rotateRefreshTokens: true, refreshGraceMs: 60_000 }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), graceful?.close()]);
});

const readContacts = { objectName: 'contacts', fields: ['email'], pageSize: 5 };

describe.each(storeBackends)('refresh claims on $name', (backend) => {
  let opened: OpenedStore;
  let repo: Repository;
  let secrets: SecretBox;
  let connectionCount = 0;

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

  async function expiredConnection(emulator: RunningHubSpotEmulator): Promise<Connection> {
    const issued = emulator.issueTokens(['crm.objects.contacts.read']);
    return repo.insertConnection({
      id: `hubspot-${++connectionCount}-${backend.name}`,
      projectId: 'demo',
      provider: 'hubspot',
      groupRef: 'acme',
      consumerRef: 'acme-admin',
      status: 'working',
      authScheme: 'oauth2/authorizationCode',
      isDefault: false,
      credentials: sealCredentials(secrets, {
        accessToken: issued.accessToken,
        refreshToken: issued.refreshToken,
        expiresAtMs: Date.now() - 1_000,
      }),
    });
  }

  /** A connector as instance `name` builds it: its own refresh state and claim owner, the shared row. */
  function instance(emulator: RunningHubSpotEmulator, connection: Connection, name: string, leaseMs = 5_000) {
    const entry = providerCatalog(providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: emulator.url })).get(
      'hubspot',
    )!;
    return connectorFor(
      entry,
      { id: `${connection.id}@${name}`, tokens: storeTokenSource(repo, secrets, connection) },
      { refreshClaim: { owner: name, leaseMs, pollMs: 20 } },
    );
  }

  async function expireStoredToken(connection: Connection): Promise<void> {
    const row = (await repo.getConnection('demo', connection.id))!;
    const tokens = openCredentials(secrets, row.credentials)!;
    await repo.updateConnection('demo', connection.id, {
      credentials: sealCredentials(secrets, { ...tokens, expiresAtMs: Date.now() - 1_000 }),
    });
  }

  it('three instances reading through expiring tokens refresh one at a time: no reuse, every read succeeds', async () => {
    const reusesBefore = strict.refreshTokenReuses();
    const connection = await expiredConnection(strict);
    const instances = ['a', 'b', 'c'].map((name) => instance(strict, connection, name));
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      const pages = await Promise.all(instances.map((connector) => connector.readPage(readContacts)));
      for (const page of pages) expect(page.records).toHaveLength(5);
      await expireStoredToken(connection);
    }
    expect(strict.refreshTokenReuses() - reusesBefore).toBe(0);
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('working');
    const events = await repo.listConnectionEvents('demo', connection.id);
    // One rotation stored per round: the instances that did not hold the claim used the holder's tokens.
    expect(events.map((event) => event.kind)).toEqual(Array(rounds).fill('connection.refreshed'));
  });

  it('a claim left by a crashed instance holds only until its lease lapses, then another refreshes', async () => {
    const connection = await expiredConnection(strict);
    const leaseMs = 600;
    // The crashed instance's claim: taken, never released.
    expect(
      await repo.claimConnectionRefresh('demo', connection.id, 'crashed', Date.now() + leaseMs, Date.now()),
    ).toBe(true);
    const started = Date.now();
    const page = await instance(strict, connection, 'survivor', leaseMs).readPage(readContacts);
    expect(page.records).toHaveLength(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(leaseMs - 50);
    expect(Date.now() - started).toBeLessThan(leaseMs + 5_000);
  });

  it("a crash after the provider rotated is recovered by the provider's grace for the previous refresh token", async () => {
    const reusesBefore = graceful.refreshTokenReuses();
    const connection = await expiredConnection(graceful);
    const stored = openCredentials(secrets, (await repo.getConnection('demo', connection.id))!.credentials)!;
    // The crashed instance claimed, refreshed at the provider and died before storing the answer.
    await repo.claimConnectionRefresh('demo', connection.id, 'crashed', Date.now() + 300, Date.now());
    const tokenUrl = `${graceful.url}/oauth/v1/token`;
    const lost = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: stored.refreshToken!,
        client_id: graceful.app.clientId,
        client_secret: graceful.app.clientSecret,
      }),
    });
    expect(lost.status).toBe(200);
    const survivor = instance(graceful, connection, 'survivor', 300);
    expect((await survivor.readPage(readContacts)).records).toHaveLength(5);
    await expireStoredToken(connection);
    expect((await survivor.readPage(readContacts)).records).toHaveLength(5);
    expect(graceful.refreshTokenReuses() - reusesBefore).toBe(0);
  });

  it('records connection.error once when the grant is gone, however many instances meet it', async () => {
    const connection = await expiredConnection(strict);
    const first = openCredentials(secrets, connection.credentials)!;
    strict.revokeGrant(first.refreshToken!);
    const failures = await Promise.all(
      ['a', 'b'].map((name) =>
        instance(strict, connection, name)
          .readPage(readContacts)
          .catch((error: unknown) => error),
      ),
    );
    for (const failure of failures) expect(failure).toMatchObject({ kind: 'authInvalid' });
    expect((await repo.getConnection('demo', connection.id))?.status).toBe('bad_credentials');
    const events = await repo.listConnectionEvents('demo', connection.id);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'connection.error', detail: expect.stringMatching(/Reconnect/) }),
    ]);
    for (const event of events) expect(event.detail).not.toContain(first.refreshToken);
  });
});
