import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, MissingReferenceError } from './errors.js';
import type { Database } from './open-database.js';
import { openDatabase } from './open-database.js';
import type { Connection, NewInstallation } from './repository.js';
import { SqliteRepository } from './sqlite-repository.js';
import { makeTempDir, removeDir } from './test-helpers.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('SqliteRepository', () => {
  let dir: string;
  let db: Database;
  let repo: SqliteRepository;

  beforeEach(() => {
    dir = makeTempDir();
    db = openDatabase(dir);
    repo = new SqliteRepository(db);
  });
  afterEach(() => {
    db.close();
    removeDir(dir);
  });

  /** A project with one integration, one group and its default connection: what an installation needs. */
  function seedParents() {
    const project = repo.insertProject({ name: 'demo' });
    const integration = repo.upsertIntegration({
      projectId: project.id,
      name: 'crm-sync',
      provider: 'sandboxcrm',
      specVersion: '1.0.0',
      content: { name: 'crm-sync', provider: 'sandboxcrm', read: { objects: [{ objectName: 'contacts' }] } },
    });
    const group = repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme Inc.' });
    const connection = repo.insertConnection({
      projectId: project.id,
      provider: 'sandboxcrm',
      groupRef: group.groupRef,
      consumerRef: 'user-1',
      status: 'working',
      authScheme: 'oauth2/authorizationCode',
      isDefault: true,
      credentials: { accessToken: 'at', refreshToken: 'rt' },
    });
    return { project, integration, group, connection };
  }

  function newInstallation(parents: ReturnType<typeof seedParents>, groupRef = 'acme'): NewInstallation {
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
        content: { provider: 'sandboxcrm', read: { objects: {} } },
      },
    };
  }

  it('inserts and reads orgs', () => {
    const org = repo.insertOrg({ name: 'Acme' });
    expect(org.id).toMatch(uuid);
    expect(org.createTime).toMatch(isoTime);
    expect(repo.getOrg(org.id)).toEqual(org);
    expect(repo.getOrg('nope')).toBeUndefined();
  });

  it('finds a project by id or by name, id first', () => {
    const project = repo.insertProject({ id: 'p-1', name: 'demo', createTime: '2025-01-01T00:00:00.000Z' });
    expect(repo.getProject('p-1')).toEqual(project);
    expect(repo.getProject('demo')).toEqual(project);
    const shadow = repo.insertProject({ id: 'p-2', name: 'p-1' });
    expect(repo.getProject('p-1')).toEqual(project);
    expect(repo.getProject('p-2')).toEqual(shadow);
    expect(() => repo.insertProject({ name: 'demo' })).toThrow(ConflictError);
  });

  it('upserts an integration, keeping its revision while the content is unchanged', () => {
    const project = repo.insertProject({ name: 'demo' });
    const input = {
      projectId: project.id,
      name: 'crm-sync',
      provider: 'sandboxcrm',
      specVersion: '1.0.0',
      content: { name: 'crm-sync', read: { objects: [{ objectName: 'contacts' }] } },
    };
    const first = repo.upsertIntegration(input);
    expect(first.updateTime).toBeUndefined();
    const same = repo.upsertIntegration({ ...input, content: structuredClone(input.content) });
    expect(same).toEqual(first);

    const changed = repo.upsertIntegration({
      ...input,
      content: { name: 'crm-sync', read: { objects: [] } },
    });
    expect(changed.id).toBe(first.id);
    expect(changed.createTime).toBe(first.createTime);
    expect(changed.revisionId).not.toBe(first.revisionId);
    expect(changed.updateTime).toMatch(isoTime);
    expect(repo.getIntegration(project.id, first.id)).toEqual(changed);
    expect(repo.getIntegration(project.id, 'crm-sync')).toEqual(changed);
    expect(repo.getIntegration('other-project', first.id)).toBeUndefined();
  });

  it('upserts groups and renames them in place', () => {
    const project = repo.insertProject({ name: 'demo' });
    const group = repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme' });
    expect(group.updateTime).toBeUndefined();
    expect(repo.getGroup(project.id, 'acme')).toEqual(group);
    expect(repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme' })).toEqual(group);
    const renamed = repo.upsertGroup({ projectId: project.id, groupRef: 'acme', groupName: 'Acme Inc.' });
    expect(renamed).toMatchObject({ groupName: 'Acme Inc.', createTime: group.createTime });
    expect(renamed.updateTime).toMatch(isoTime);
    expect(repo.getGroup(project.id, 'acme')).toEqual(renamed);
    expect(() => repo.upsertGroup({ projectId: 'missing', groupRef: 'x', groupName: 'X' })).toThrow(
      MissingReferenceError,
    );
  });

  it('inserts connections and finds the default one', () => {
    const { project, connection } = seedParents();
    expect(connection.credentials).toEqual({ accessToken: 'at', refreshToken: 'rt' });
    expect(repo.getConnection(project.id, connection.id)).toEqual(connection);
    const second: Connection = repo.insertConnection({
      ...connection,
      id: undefined,
      isDefault: false,
      status: 'bad_credentials',
    });
    expect(repo.listConnections(project.id, 'acme').map((c) => c.id)).toEqual(
      [connection, second]
        .sort((a, b) => a.createTime.localeCompare(b.createTime) || a.id.localeCompare(b.id))
        .map((c) => c.id),
    );
    expect(repo.getDefaultConnection(project.id, 'acme', 'sandboxcrm')).toEqual(connection);
    expect(repo.getDefaultConnection(project.id, 'acme', 'salesforce')).toBeUndefined();
    expect(repo.listConnections(project.id, 'other')).toEqual([]);
    expect(() => repo.insertConnection({ ...connection, id: undefined })).toThrow(ConflictError);
  });

  it('inserts and reads installations', () => {
    const parents = seedParents();
    const installation = repo.insertInstallation(newInstallation(parents));
    expect(installation).toMatchObject({ healthStatus: 'healthy', groupRef: 'acme' });
    expect(installation.lastOperationStatus).toBeUndefined();
    const { project, integration } = parents;
    expect(repo.getInstallation(project.id, integration.id, 'acme')).toEqual(installation);
    expect(repo.listInstallations(project.id, integration.id)).toEqual([installation]);
    expect(repo.listInstallations(project.id, integration.id, 'acme')).toEqual([installation]);
    expect(repo.listInstallations(project.id, integration.id, 'other')).toEqual([]);
  });

  it('refuses a second installation of the same integration for the same group with ConflictError', () => {
    const parents = seedParents();
    repo.insertInstallation(newInstallation(parents));
    let caught: unknown;
    try {
      repo.insertInstallation(newInstallation(parents));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConflictError);
    expect(caught).toMatchObject({ entity: 'installation' });
    // Another group may still install it.
    repo.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
    expect(repo.insertInstallation(newInstallation(parents, 'globex')).groupRef).toBe('globex');
  });

  it('refuses an installation for a group that does not exist', () => {
    const parents = seedParents();
    expect(() => repo.insertInstallation(newInstallation(parents, 'ghost'))).toThrow(MissingReferenceError);
  });

  it('inserts invites as pending, parented by the org', () => {
    const org = repo.insertOrg({ id: 'org-1', name: 'Acme' });
    const invite = repo.insertInvite({ orgId: org.id, invitedEmail: 'ada@example.com' });
    expect(invite).toMatchObject({ parentType: 'org', parentId: 'org-1', status: 'pending' });
    expect(invite.updateTime).toBe(invite.createTime);
    expect(repo.listInvites(org.id)).toEqual([invite]);
    expect(repo.listInvites('org-2')).toEqual([]);
    const later = repo.insertInvite({
      orgId: org.id,
      invitedEmail: 'grace@example.com',
      createTime: '2999-01-01T00:00:00.000Z',
    });
    expect(repo.listInvites(org.id)).toEqual([invite, later]);
    expect(() => repo.insertInvite({ orgId: 'missing', invitedEmail: 'x@example.com' })).toThrow(
      MissingReferenceError,
    );
  });

  it('commits a transaction as a whole or not at all', () => {
    const parents = seedParents();
    expect(() =>
      repo.transaction(() => {
        repo.upsertGroup({ projectId: parents.project.id, groupRef: 'globex', groupName: 'Globex' });
        repo.insertInstallation(newInstallation(parents, 'globex'));
        throw new Error('route failed after writing');
      }),
    ).toThrow('route failed after writing');
    expect(repo.getGroup(parents.project.id, 'globex')).toBeUndefined();
    expect(repo.listInstallations(parents.project.id, parents.integration.id)).toEqual([]);

    const value = repo.transaction(() =>
      repo.upsertGroup({ projectId: parents.project.id, groupRef: 'g', groupName: 'G' }),
    );
    expect(repo.getGroup(parents.project.id, 'g')).toEqual(value);
  });
});
