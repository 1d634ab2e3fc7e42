/**
 * The SQLite implementation of `Repository` (better-sqlite3, synchronous): a thin composition of the
 * per-entity queries in `entities/`. Each method is one call, so what the store can do reads off this class
 * and how it does it lives beside each entity's table.
 */
import type { Database } from 'better-sqlite3';
import * as connections from './entities/connections.js';
import * as groups from './entities/groups.js';
import * as revisions from './entities/installation-revisions.js';
import * as installations from './entities/installations.js';
import * as integrations from './entities/integrations.js';
import * as invites from './entities/invites.js';
import * as orgs from './entities/orgs.js';
import * as projects from './entities/projects.js';
import type {
  Connection,
  ConnectionChanges,
  Group,
  Installation,
  InstallationRevision,
  Integration,
  IntegrationInput,
  Invite,
  NewConnection,
  NewGroup,
  NewInstallation,
  NewInvite,
  NewOrg,
  NewProject,
  Org,
  Project,
  Repository,
} from './repository.js';
import { SqliteAccess } from './sqlite-access.js';

export class SqliteRepository implements Repository {
  readonly #db: SqliteAccess;

  constructor(db: Database) {
    this.#db = new SqliteAccess(db);
  }

  transaction<T>(fn: () => T): T {
    return this.#db.transaction(fn);
  }

  insertOrg(org: NewOrg): Org {
    return orgs.insertOrg(this.#db, org);
  }
  getOrg(id: string): Org | undefined {
    return orgs.getOrg(this.#db, id);
  }

  insertProject(project: NewProject): Project {
    return projects.insertProject(this.#db, project);
  }
  getProject(idOrName: string): Project | undefined {
    return projects.getProject(this.#db, idOrName);
  }

  // An upsert reads then writes: one transaction makes the pair atomic.
  upsertIntegration(input: IntegrationInput): Integration {
    return this.transaction(() => integrations.upsertIntegration(this.#db, input));
  }
  getIntegration(projectId: string, idOrName: string): Integration | undefined {
    return integrations.getIntegration(this.#db, projectId, idOrName);
  }
  listIntegrations(projectId: string): Integration[] {
    return integrations.listIntegrations(this.#db, projectId);
  }

  upsertGroup(group: NewGroup): Group {
    return this.transaction(() => groups.upsertGroup(this.#db, group));
  }
  getGroup(projectId: string, groupRef: string): Group | undefined {
    return groups.getGroup(this.#db, projectId, groupRef);
  }

  insertConnection(connection: NewConnection): Connection {
    return connections.insertConnection(this.#db, connection);
  }
  getConnection(projectId: string, id: string): Connection | undefined {
    return connections.getConnection(this.#db, projectId, id);
  }
  listConnections(projectId: string, groupRef: string): Connection[] {
    return connections.listConnections(this.#db, projectId, groupRef);
  }
  getDefaultConnection(projectId: string, groupRef: string, provider: string): Connection | undefined {
    return connections.getDefaultConnection(this.#db, projectId, groupRef, provider);
  }
  // A read then a write: one transaction makes the pair atomic.
  updateConnection(projectId: string, id: string, changes: ConnectionChanges): Connection | undefined {
    return this.transaction(() => connections.updateConnection(this.#db, projectId, id, changes));
  }

  insertInstallation(installation: NewInstallation): Installation {
    return installations.insertInstallation(this.#db, installation);
  }
  getInstallation(projectId: string, integrationId: string, groupRef: string): Installation | undefined {
    return installations.getInstallation(this.#db, projectId, integrationId, groupRef);
  }
  getInstallationById(projectId: string, id: string): Installation | undefined {
    return installations.getInstallationById(this.#db, projectId, id);
  }
  listInstallations(projectId: string, integrationId: string, groupRef?: string): Installation[] {
    return installations.listInstallations(this.#db, projectId, integrationId, groupRef);
  }
  replaceInstallation(next: Installation, expectedVersion: string): boolean {
    return this.transaction(() => {
      const current = installations.getInstallationById(this.#db, next.projectId, next.id);
      if (!current) return false;
      if (!installations.replaceInstallation(this.#db, next, expectedVersion)) return false;
      revisions.insertRevision(this.#db, {
        configId: current.config.id,
        installationId: current.id,
        connectionId: current.connectionId,
        config: current.config,
        replacedTime: next.updateTime ?? new Date().toISOString(),
      });
      return true;
    });
  }
  listInstallationRevisions(installationId: string): InstallationRevision[] {
    return revisions.listRevisions(this.#db, installationId);
  }
  deleteInstallation(projectId: string, id: string): { deleted: boolean; connectionDeleted: boolean } {
    return this.transaction(() => {
      const current = installations.getInstallationById(this.#db, projectId, id);
      if (!current) return { deleted: false, connectionDeleted: false };
      installations.deleteInstallation(this.#db, projectId, id);
      const stillUsed =
        installations.countInstallationsOfConnection(this.#db, projectId, current.connectionId) > 0;
      const connectionDeleted =
        !stillUsed && connections.deleteConnection(this.#db, projectId, current.connectionId);
      return { deleted: true, connectionDeleted };
    });
  }

  insertInvite(invite: NewInvite): Invite {
    return invites.insertInvite(this.#db, invite);
  }
  listInvites(orgId: string): Invite[] {
    return invites.listInvites(this.#db, orgId);
  }
}
