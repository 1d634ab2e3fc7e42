import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, MissingReferenceError } from './errors.js';
import { PgRepository } from './pg/pg-repository.js';
import type { Connection, NewInstallation, Repository } from './repository.js';
import { SqliteRepository } from './sqlite-repository.js';
import type { OpenedStore } from './test-backends.js';
import { stopTestPostgres, storeBackends } from './test-backends.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const repositoryOf = (store: OpenedStore): Repository =>
  store.kind === 'sqlite' ? new SqliteRepository(store.db) : new PgRepository(store.pool);

afterAll(stopTestPostgres);

// The same contract for both databases: what a route can rely on whichever one the service runs on.
describe.each(storeBackends)('Repository on $name', (backend) => {
  let opened: OpenedStore;
  let repo: Repository;

  beforeAll(async () => {
    // Starts the PostgreSQL server before the first test's clock runs.
    await (await backend.open()).close();
  });
  beforeEach(async () => {
    opened = await backend.open();
    repo = repositoryOf(opened);
  });
  afterEach(async () => {
    await opened.close();
  });

  /** A project with one integration, one group and its default connection: what an installation needs. */
  async function seedParents() {
    const project = await repo.insertProject({ name: 'demo' });
    const integration = await repo.upsertIntegration({
      projectId: project.id,
      name: 'hubspot-sync',
      provider: 'hubspot',
      specVersion: '1.0.0',
      content: { name: 'hubspot-sync', provider: 'hubspot', read: { objects: [{ objectName: 'contacts' }] } },
    });
    const group = await repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme Inc.' });
    const connection = await repo.insertConnection({
      projectId: project.id,
      provider: 'hubspot',
      groupRef: group.groupRef,
      consumerRef: 'user-1',
      status: 'working',
      authScheme: 'oauth2/authorizationCode',
      isDefault: true,
      credentials: { accessToken: 'at', refreshToken: 'rt' },
    });
    return { project, integration, group, connection };
  }

  function newInstallation(
    parents: Awaited<ReturnType<typeof seedParents>>,
    groupRef = 'acme',
  ): NewInstallation {
    return {
      projectId: parents.project.id,
      integrationId: parents.integration.id,
      groupRef,
      connectionId: parents.connection.id,
      createdBy: 'api:create-installation',
      config: {
        id: 'config-1',
        revisionId: parents.integration.revisionId,
        createTime: '2025-01-01T00:00:00.000Z',
        createdBy: 'api:create-installation',
        content: { provider: 'hubspot', read: { objects: {} } },
      },
    };
  }

  it('inserts and reads orgs', async () => {
    const org = await repo.insertOrg({ name: 'Acme' });
    expect(org.id).toMatch(uuid);
    expect(org.createTime).toMatch(isoTime);
    expect(await repo.getOrg(org.id)).toEqual(org);
    expect(await repo.getOrg('nope')).toBeUndefined();
  });

  it('finds a project by id or by name, id first', async () => {
    const project = await repo.insertProject({
      id: 'p-1',
      name: 'demo',
      createTime: '2025-01-01T00:00:00.000Z',
    });
    expect(await repo.getProject('p-1')).toEqual(project);
    expect(await repo.getProject('demo')).toEqual(project);
    const shadow = await repo.insertProject({ id: 'p-2', name: 'p-1' });
    expect(await repo.getProject('p-1')).toEqual(project);
    expect(await repo.getProject('p-2')).toEqual(shadow);
    await expect(repo.insertProject({ name: 'demo' })).rejects.toThrow(ConflictError);
  });

  it('names a project that has no display name, and keeps a name it has', async () => {
    await repo.insertProject({ id: 'p-1', name: 'old' });
    await repo.insertProject({ id: 'p-2', name: 'named', displayName: 'Acme Sync' });
    await repo.nameUnnamedProject('p-1', 'Northwind Pipeline');
    await repo.nameUnnamedProject('p-2', 'Northwind Pipeline');
    expect((await repo.getProject('p-1'))?.displayName).toBe('Northwind Pipeline');
    expect((await repo.getProject('p-2'))?.displayName).toBe('Acme Sync');
  });

  it('upserts an integration, keeping its revision while the content is unchanged', async () => {
    const project = await repo.insertProject({ name: 'demo' });
    const input = {
      projectId: project.id,
      name: 'hubspot-sync',
      provider: 'hubspot',
      specVersion: '1.0.0',
      content: { name: 'hubspot-sync', read: { objects: [{ objectName: 'contacts' }] } },
    };
    const first = await repo.upsertIntegration(input);
    expect(first.updateTime).toBeUndefined();
    const same = await repo.upsertIntegration({ ...input, content: structuredClone(input.content) });
    expect(same).toEqual(first);

    const changed = await repo.upsertIntegration({
      ...input,
      content: { name: 'hubspot-sync', read: { objects: [] } },
    });
    expect(changed.id).toBe(first.id);
    expect(changed.createTime).toBe(first.createTime);
    expect(changed.revisionId).not.toBe(first.revisionId);
    expect(changed.updateTime).toMatch(isoTime);
    expect(await repo.getIntegration(project.id, first.id)).toEqual(changed);
    expect(await repo.getIntegration(project.id, 'hubspot-sync')).toEqual(changed);
    expect(await repo.getIntegration('other-project', first.id)).toBeUndefined();
  });

  it('upserts groups and renames them in place', async () => {
    const project = await repo.insertProject({ name: 'demo' });
    const group = await repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme' });
    expect(group.updateTime).toBeUndefined();
    expect(await repo.getGroup(project.id, 'acme')).toEqual(group);
    expect(await repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme' })).toEqual(
      group,
    );
    const renamed = await repo.upsertGroup({
      projectId: project.id,
      groupRef: 'acme',
      groupName: 'Acme Inc.',
    });
    expect(renamed).toMatchObject({ groupName: 'Acme Inc.', createTime: group.createTime });
    expect(renamed.updateTime).toMatch(isoTime);
    expect(await repo.getGroup(project.id, 'acme')).toEqual(renamed);
    await expect(repo.upsertGroup({ projectId: 'missing', groupRef: 'x', groupName: 'X' })).rejects.toThrow(
      MissingReferenceError,
    );
  });

  it('inserts connections and finds the default one', async () => {
    const { project, connection } = await seedParents();
    expect(connection.credentials).toEqual({ accessToken: 'at', refreshToken: 'rt' });
    expect(await repo.getConnection(project.id, connection.id)).toEqual(connection);
    const second: Connection = await repo.insertConnection({
      ...connection,
      id: undefined,
      isDefault: false,
      status: 'bad_credentials',
    });
    expect((await repo.listConnections(project.id, 'acme')).map((c) => c.id)).toEqual(
      [connection, second]
        .sort((a, b) => a.createTime.localeCompare(b.createTime) || a.id.localeCompare(b.id))
        .map((c) => c.id),
    );
    expect(await repo.getDefaultConnection(project.id, 'acme', 'hubspot')).toEqual(connection);
    expect(await repo.getDefaultConnection(project.id, 'acme', 'salesforce')).toBeUndefined();
    expect(await repo.listConnections(project.id, 'other')).toEqual([]);
    await expect(repo.insertConnection({ ...connection, id: undefined })).rejects.toThrow(ConflictError);
  });

  it('inserts and reads installations', async () => {
    const parents = await seedParents();
    const installation = await repo.insertInstallation(newInstallation(parents));
    expect(installation).toMatchObject({ healthStatus: 'healthy', groupRef: 'acme' });
    expect(installation.lastOperationStatus).toBeUndefined();
    const { project, integration } = parents;
    expect(await repo.getInstallation(project.id, integration.id, 'acme')).toEqual(installation);
    expect(await repo.listInstallations(project.id, integration.id)).toEqual([installation]);
    expect(await repo.listInstallations(project.id, integration.id, 'acme')).toEqual([installation]);
    expect(await repo.listInstallations(project.id, integration.id, 'other')).toEqual([]);
  });

  it('refuses a second installation of the same integration for the same group with ConflictError', async () => {
    const parents = await seedParents();
    await repo.insertInstallation(newInstallation(parents));
    let caught: unknown;
    try {
      await repo.insertInstallation(newInstallation(parents));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConflictError);
    expect(caught).toMatchObject({ entity: 'installation' });
    // Another group may still install it.
    await repo.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
    expect((await repo.insertInstallation(newInstallation(parents, 'globex'))).groupRef).toBe('globex');
  });

  it('refuses an installation for a group that does not exist', async () => {
    const parents = await seedParents();
    await expect(repo.insertInstallation(newInstallation(parents, 'ghost'))).rejects.toThrow(
      MissingReferenceError,
    );
  });

  /** An installation for `groupRef` on a connection of its own: a delete takes its unused connection. */
  async function installed(parents: Awaited<ReturnType<typeof seedParents>>, groupRef = 'acme') {
    const connection = await repo.insertConnection({
      projectId: parents.project.id,
      provider: 'hubspot',
      groupRef,
      consumerRef: 'user-1',
      status: 'working',
      authScheme: 'oauth2/authorizationCode',
      isDefault: false,
      credentials: { accessToken: 'at', refreshToken: 'rt' },
    });
    return repo.insertInstallation({ ...newInstallation(parents, groupRef), connectionId: connection.id });
  }

  it("keeps a deleted installation's config for its own group, and a later uninstall replaces it", async () => {
    const parents = await seedParents();
    await repo.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
    const key = { projectId: parents.project.id, integrationId: parents.integration.id, groupRef: 'acme' };
    const first = await repo.insertInstallation({
      ...newInstallation(parents),
      config: {
        ...newInstallation(parents).config,
        content: { provider: 'hubspot', read: { objects: { contacts: { objectName: 'contacts' } } } },
      },
    });
    const keep = { uninstallTime: '2026-11-01T00:00:00.000Z', forgetBefore: '2026-10-01T00:00:00.000Z' };
    await repo.deleteInstallation(parents.project.id, first.id, keep);
    expect(await repo.getPreviousConfig(key, '2026-10-15T00:00:00.000Z')).toEqual({
      ...key,
      content: first.config.content,
      uninstallTime: keep.uninstallTime,
    });
    // Another group of the same project has nothing kept.
    expect(await repo.getPreviousConfig({ ...key, groupRef: 'globex' }, '2026-10-15T00:00:00.000Z')).toBe(
      undefined,
    );
    // Uninstalled before `notBefore`: no longer offered.
    expect(await repo.getPreviousConfig(key, '2026-11-02T00:00:00.000Z')).toBeUndefined();

    const second = await installed(parents);
    await repo.deleteInstallation(parents.project.id, second.id, {
      uninstallTime: '2026-11-20T00:00:00.000Z',
      forgetBefore: '2026-10-21T00:00:00.000Z',
    });
    const kept = await repo.getPreviousConfig(key, '2026-10-15T00:00:00.000Z');
    expect(kept?.content).toEqual({ provider: 'hubspot', read: { objects: {} } });
    expect(kept?.uninstallTime).toBe('2026-11-20T00:00:00.000Z');
  });

  it('forgets kept configs older than the retention when another is kept, and keeps none without asking', async () => {
    const parents = await seedParents();
    await repo.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
    const old = await installed(parents);
    await repo.deleteInstallation(parents.project.id, old.id, {
      uninstallTime: '2026-01-01T00:00:00.000Z',
      forgetBefore: '2025-12-01T00:00:00.000Z',
    });
    const other = await installed(parents, 'globex');
    await repo.deleteInstallation(parents.project.id, other.id, {
      uninstallTime: '2026-11-20T00:00:00.000Z',
      forgetBefore: '2026-10-21T00:00:00.000Z',
    });
    const acme = { projectId: parents.project.id, integrationId: parents.integration.id, groupRef: 'acme' };
    // Even asked for everything ever kept, acme's is gone: the later delete purged it.
    expect(await repo.getPreviousConfig(acme, '2000-01-01T00:00:00.000Z')).toBeUndefined();

    const unkept = await installed(parents);
    await repo.deleteInstallation(parents.project.id, unkept.id);
    expect(await repo.getPreviousConfig(acme, '2000-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('inserts invites as pending, parented by the org', async () => {
    const org = await repo.insertOrg({ id: 'org-1', name: 'Acme' });
    const invite = await repo.insertInvite({ orgId: org.id, invitedEmail: 'ada@example.com' });
    expect(invite).toMatchObject({ parentType: 'org', parentId: 'org-1', status: 'pending' });
    expect(invite.updateTime).toBe(invite.createTime);
    expect(await repo.listInvites(org.id)).toEqual([invite]);
    expect(await repo.listInvites('org-2')).toEqual([]);
    const later = await repo.insertInvite({
      orgId: org.id,
      invitedEmail: 'grace@example.com',
      createTime: '2999-01-01T00:00:00.000Z',
    });
    expect(await repo.listInvites(org.id)).toEqual([invite, later]);
    await expect(repo.insertInvite({ orgId: 'missing', invitedEmail: 'x@example.com' })).rejects.toThrow(
      MissingReferenceError,
    );
  });

  it('commits a transaction as a whole or not at all', async () => {
    const parents = await seedParents();
    await expect(
      repo.transaction(async (tx) => {
        await tx.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
        await tx.insertInstallation(newInstallation(parents, 'globex'));
        throw new Error('route failed after writing');
      }),
    ).rejects.toThrow('route failed after writing');
    expect(await repo.getGroup(parents.project.id, 'globex')).toBeUndefined();
    expect(await repo.listInstallations(parents.project.id, parents.integration.id)).toEqual([]);

    const value = await repo.transaction((tx) =>
      tx.upsertGroup({ projectId: parents.project.id, groupRef: 'g', groupName: 'G' }),
    );
    expect(await repo.getGroup(parents.project.id, 'g')).toEqual(value);
  });

  it('rolls a nested transaction back to its savepoint, keeping the outer writes', async () => {
    const parents = await seedParents();
    await repo.transaction(async (tx) => {
      await tx.upsertGroup({ projectId: parents.project.id, groupRef: 'kept', groupName: 'Kept' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.upsertGroup({ projectId: parents.project.id, groupRef: 'dropped', groupName: 'D' });
          throw new Error('inner failed');
        }),
      ).rejects.toThrow('inner failed');
    });
    expect(await repo.getGroup(parents.project.id, 'kept')).toMatchObject({ groupName: 'Kept' });
    expect(await repo.getGroup(parents.project.id, 'dropped')).toBeUndefined();
  });

  // SQLite has one connection: a transaction holds it, and the others queue behind it.
  it.runIf(backend.name === 'SQLite')(
    'serializes transactions on the one connection: other callers wait until it ends',
    async () => {
      const parents = await seedParents();
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = repo.transaction(async (tx) => {
        await tx.upsertGroup({ projectId: parents.project.id, groupRef: 'a', groupName: 'A' });
        order.push('first wrote');
        await held;
        order.push('first ends');
        throw new Error('first rolls back');
      });
      // A read and a second transaction started meanwhile see nothing of the first's uncommitted write.
      const read = repo.getGroup(parents.project.id, 'a').then((group) => {
        order.push(`read saw ${group ? 'a' : 'nothing'}`);
      });
      const second = repo.transaction(async (tx) => {
        order.push('second starts');
        return tx.getGroup(parents.project.id, 'a');
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(order).toEqual(['first wrote']);
      release();
      await expect(first).rejects.toThrow('first rolls back');
      expect(await second).toBeUndefined();
      await read;
      expect(order.slice(0, 2)).toEqual(['first wrote', 'first ends']);
      expect(order.slice(2).sort()).toEqual(['read saw nothing', 'second starts']);
    },
  );

  // PostgreSQL runs transactions side by side, each on its own connection, and isolates them.
  it.runIf(backend.name === 'PostgreSQL')(
    'runs transactions side by side without showing one their uncommitted writes',
    async () => {
      const parents = await seedParents();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      const first = repo.transaction(async (tx) => {
        await tx.upsertGroup({ projectId: parents.project.id, groupRef: 'a', groupName: 'A' });
        wrote();
        await held;
        throw new Error('first rolls back');
      });
      await written;
      // While the first is open: a read and a second transaction run at once and see nothing of it.
      expect(await repo.getGroup(parents.project.id, 'a')).toBeUndefined();
      expect(await repo.transaction((tx) => tx.getGroup(parents.project.id, 'a'))).toBeUndefined();
      release();
      await expect(first).rejects.toThrow('first rolls back');
      expect(await repo.getGroup(parents.project.id, 'a')).toBeUndefined();
    },
  );

  it('keeps one integration when two writers upsert it at once', async () => {
    const project = await repo.insertProject({ name: 'demo' });
    const input = {
      projectId: project.id,
      name: 'hubspot-sync',
      provider: 'hubspot',
      specVersion: '1.0.0',
      content: { name: 'hubspot-sync' },
    };
    const [a, b] = await Promise.all([repo.upsertIntegration(input), repo.upsertIntegration(input)]);
    expect(await repo.listIntegrations(project.id)).toHaveLength(1);
    expect(a.id).toBe(b.id);
  });

  it('refuses a transaction handle used after its transaction ended', async () => {
    const parents = await seedParents();
    let escaped: Repository | undefined;
    await repo.transaction(async (tx) => {
      escaped = tx;
    });
    await expect(escaped!.getGroup(parents.project.id, 'acme')).rejects.toThrow(/after it ended/);
  });
});
