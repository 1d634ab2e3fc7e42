/**
 * Every `Repository` method, composed from the per-entity queries in `entities/` over a `StoreAccess`, so
 * `SqliteRepository` and `PgRepository` differ only in how they reach their database and run transactions.
 *
 * Methods of more than one statement run in a transaction (`atomically`), so they are atomic on either
 * database, and inside a caller's transaction they nest as a savepoint.
 */
import type { StoreAccess } from './access.js';
import * as connectionEvents from './entities/connection-events.js';
import * as connectionRefresh from './entities/connection-refresh.js';
import * as connections from './entities/connections.js';
import * as groups from './entities/groups.js';
import * as revisions from './entities/installation-revisions.js';
import * as installations from './entities/installations.js';
import * as integrations from './entities/integrations.js';
import * as invites from './entities/invites.js';
import * as orgs from './entities/orgs.js';
import * as previousConfigs from './entities/previous-configs.js';
import * as projects from './entities/projects.js';
import type {
  Connection,
  ConnectionChanges,
  ConnectionEvent,
  Group,
  Installation,
  InstallationRevision,
  Integration,
  IntegrationInput,
  Invite,
  NewConnection,
  NewConnectionEvent,
  NewGroup,
  NewInstallation,
  NewInvite,
  NewOrg,
  NewProject,
  Org,
  PreviousConfig,
  PreviousConfigKeeping,
  Project,
  Repository,
} from './repository.js';

export abstract class EntityRepository implements Repository {
  abstract transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T>;

  /** Runs `body` on this repository's database (the pool, or the transaction's connection). */
  protected abstract use<T>(body: (db: StoreAccess) => Promise<T>): Promise<T>;

  /** Runs `body` in a transaction of its own (a savepoint inside a caller's). */
  protected atomically<T>(body: (db: StoreAccess) => Promise<T>): Promise<T> {
    return this.transaction((tx) => (tx as EntityRepository).use(body));
  }

  insertOrg(org: NewOrg): Promise<Org> {
    return this.use((db) => orgs.insertOrg(db, org));
  }
  getOrg(id: string): Promise<Org | undefined> {
    return this.use((db) => orgs.getOrg(db, id));
  }

  insertProject(project: NewProject): Promise<Project> {
    return this.use((db) => projects.insertProject(db, project));
  }
  getProject(idOrName: string): Promise<Project | undefined> {
    return this.use((db) => projects.getProject(db, idOrName));
  }
  nameUnnamedProject(id: string, displayName: string): Promise<void> {
    return this.use((db) => projects.nameUnnamedProject(db, id, displayName));
  }

  upsertIntegration(input: IntegrationInput): Promise<Integration> {
    return this.atomically((db) => integrations.upsertIntegration(db, input));
  }
  getIntegration(projectId: string, idOrName: string): Promise<Integration | undefined> {
    return this.use((db) => integrations.getIntegration(db, projectId, idOrName));
  }
  listIntegrations(projectId: string): Promise<Integration[]> {
    return this.use((db) => integrations.listIntegrations(db, projectId));
  }

  upsertGroup(group: NewGroup): Promise<Group> {
    return this.atomically((db) => groups.upsertGroup(db, group));
  }
  getGroup(projectId: string, groupRef: string): Promise<Group | undefined> {
    return this.use((db) => groups.getGroup(db, projectId, groupRef));
  }

  insertConnection(connection: NewConnection): Promise<Connection> {
    return this.use((db) => connections.insertConnection(db, connection));
  }
  getConnection(projectId: string, id: string): Promise<Connection | undefined> {
    return this.use((db) => connections.getConnection(db, projectId, id));
  }
  listConnections(projectId: string, groupRef?: string): Promise<Connection[]> {
    return this.use((db) => connections.listConnections(db, projectId, groupRef));
  }
  getDefaultConnection(
    projectId: string,
    groupRef: string,
    provider: string,
  ): Promise<Connection | undefined> {
    return this.use((db) => connections.getDefaultConnection(db, projectId, groupRef, provider));
  }
  updateConnection(
    projectId: string,
    id: string,
    changes: ConnectionChanges,
  ): Promise<Connection | undefined> {
    return this.atomically((db) => connections.updateConnection(db, projectId, id, changes));
  }
  replaceConnectionCredentials(
    projectId: string,
    id: string,
    expected: Record<string, unknown>,
    next: Record<string, unknown>,
  ): Promise<boolean> {
    return this.use((db) => connections.replaceConnectionCredentials(db, projectId, id, expected, next));
  }
  setConnectionStatus(projectId: string, id: string, status: Connection['status']): Promise<boolean> {
    return this.use((db) => connections.setConnectionStatus(db, projectId, id, status));
  }
  claimConnectionRefresh(
    projectId: string,
    id: string,
    owner: string,
    untilMs: number,
    nowMs: number,
  ): Promise<boolean> {
    return this.use((db) =>
      connectionRefresh.claimConnectionRefresh(db, projectId, id, owner, untilMs, nowMs),
    );
  }
  releaseConnectionRefresh(projectId: string, id: string, owner: string): Promise<void> {
    return this.use((db) => connectionRefresh.releaseConnectionRefresh(db, projectId, id, owner));
  }
  insertConnectionEvent(event: NewConnectionEvent): Promise<void> {
    return this.use((db) => connectionEvents.insertConnectionEvent(db, event));
  }
  listConnectionEvents(projectId: string, connectionId: string): Promise<ConnectionEvent[]> {
    return this.use((db) => connectionEvents.listConnectionEvents(db, projectId, connectionId));
  }

  insertInstallation(installation: NewInstallation): Promise<Installation> {
    return this.use((db) => installations.insertInstallation(db, installation));
  }
  getInstallation(
    projectId: string,
    integrationId: string,
    groupRef: string,
  ): Promise<Installation | undefined> {
    return this.use((db) => installations.getInstallation(db, projectId, integrationId, groupRef));
  }
  getInstallationById(projectId: string, id: string): Promise<Installation | undefined> {
    return this.use((db) => installations.getInstallationById(db, projectId, id));
  }
  listInstallations(projectId: string, integrationId: string, groupRef?: string): Promise<Installation[]> {
    return this.use((db) => installations.listInstallations(db, projectId, integrationId, groupRef));
  }
  replaceInstallation(next: Installation, expectedVersion: string): Promise<boolean> {
    return this.atomically(async (db) => {
      const current = await installations.getInstallationById(db, next.projectId, next.id);
      if (!current) return false;
      if (!(await installations.replaceInstallation(db, next, expectedVersion))) return false;
      await revisions.insertRevision(db, {
        configId: current.config.id,
        installationId: current.id,
        connectionId: current.connectionId,
        config: current.config,
        replacedTime: next.updateTime ?? new Date().toISOString(),
      });
      return true;
    });
  }
  listInstallationRevisions(installationId: string): Promise<InstallationRevision[]> {
    return this.use((db) => revisions.listRevisions(db, installationId));
  }
  deleteUnusedConnection(
    projectId: string,
    id: string,
  ): Promise<{ deleted: boolean; usedBy: Installation[] }> {
    return this.atomically(async (db) => {
      const usedBy = await installations.listInstallationsOfConnection(db, projectId, id);
      if (usedBy.length > 0) return { deleted: false, usedBy };
      return { deleted: await connections.deleteConnection(db, projectId, id), usedBy };
    });
  }
  deleteInstallation(
    projectId: string,
    id: string,
    keep?: PreviousConfigKeeping,
  ): Promise<{ deleted: boolean; connectionDeleted: boolean }> {
    return this.atomically(async (db) => {
      const current = await installations.getInstallationById(db, projectId, id);
      if (!current) return { deleted: false, connectionDeleted: false };
      await installations.deleteInstallation(db, projectId, id);
      if (keep) {
        await previousConfigs.keepPreviousConfig(
          db,
          {
            projectId,
            integrationId: current.integrationId,
            groupRef: current.groupRef,
            content: current.config.content,
            uninstallTime: keep.uninstallTime,
          },
          keep.forgetBefore,
        );
      }
      const stillUsed =
        (await installations.countInstallationsOfConnection(db, projectId, current.connectionId)) > 0;
      const connectionDeleted =
        !stillUsed && (await connections.deleteConnection(db, projectId, current.connectionId));
      return { deleted: true, connectionDeleted };
    });
  }

  getPreviousConfig(
    key: { projectId: string; integrationId: string; groupRef: string },
    notBefore: string,
  ): Promise<PreviousConfig | undefined> {
    return this.use((db) => previousConfigs.getPreviousConfig(db, key, notBefore));
  }

  insertInvite(invite: NewInvite): Promise<Invite> {
    return this.use((db) => invites.insertInvite(db, invite));
  }
  listInvites(orgId: string): Promise<Invite[]> {
    return this.use((db) => invites.listInvites(db, orgId));
  }
  revokeInvite(orgId: string, id: string): Promise<boolean> {
    return this.use((db) => invites.revokeInvite(db, orgId, id));
  }
}
