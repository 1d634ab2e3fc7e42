/**
 * The SQLite implementation of `Repository` (better-sqlite3): a thin composition of the per-entity queries in
 * `entities/`. Each method is one synchronous call answered as a settled Promise, so what the store can do
 * reads off this class and how it does it lives beside each entity's table.
 *
 * Transactions: one connection holds at most one transaction, and a transaction's body may now await, so
 * `transaction` takes the connection for itself (BEGIN IMMEDIATE ... COMMIT) and every other call on this
 * repository waits until it ends; calls through its `tx` run at once. Multi-statement methods
 * (`upsertGroup`, `replaceInstallation`, ...) stay synchronous inside, so they are atomic without it.
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

/** The connection's one open transaction, if any: other callers wait for `ended`. */
interface ConnectionState {
  open?: { ended: Promise<void> };
  savepoints: number;
}

export class SqliteRepository implements Repository {
  readonly #db: SqliteAccess;
  readonly #state: ConnectionState;
  /** Set on the `tx` of a transaction: its calls run inside it, without waiting. */
  readonly #inside: { active: boolean } | undefined;

  constructor(db: Database | SqliteAccess, state?: ConnectionState, inside?: { active: boolean }) {
    this.#db = db instanceof SqliteAccess ? db : new SqliteAccess(db);
    this.#state = state ?? { savepoints: 0 };
    this.#inside = inside;
  }

  /** Runs a synchronous body once no other caller's transaction is open on the connection. */
  async #run<T>(body: () => T): Promise<T> {
    if (this.#inside) {
      if (!this.#inside.active) throw new Error('a transaction was used after it ended');
    } else {
      while (this.#state.open) await this.#state.open.ended;
    }
    return body();
  }

  async transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T> {
    if (this.#inside) {
      if (!this.#inside.active) throw new Error('a transaction was used after it ended');
      const name = `sp${++this.#state.savepoints}`;
      this.#db.exec(`SAVEPOINT ${name}`);
      try {
        const result = await fn(this);
        this.#db.exec(`RELEASE ${name}`);
        return result;
      } catch (error) {
        this.#db.exec(`ROLLBACK TO ${name}`);
        this.#db.exec(`RELEASE ${name}`);
        throw error;
      }
    }
    while (this.#state.open) await this.#state.open.ended;
    let end!: () => void;
    this.#state.open = { ended: new Promise<void>((resolve) => (end = resolve)) };
    const inside = { active: true };
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(new SqliteRepository(this.#db, this.#state, inside));
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
    } finally {
      inside.active = false;
      this.#state.open = undefined;
      end();
    }
  }

  insertOrg(org: NewOrg): Promise<Org> {
    return this.#run(() => orgs.insertOrg(this.#db, org));
  }
  getOrg(id: string): Promise<Org | undefined> {
    return this.#run(() => orgs.getOrg(this.#db, id));
  }

  insertProject(project: NewProject): Promise<Project> {
    return this.#run(() => projects.insertProject(this.#db, project));
  }
  getProject(idOrName: string): Promise<Project | undefined> {
    return this.#run(() => projects.getProject(this.#db, idOrName));
  }

  // An upsert reads then writes: one transaction makes the pair atomic.
  upsertIntegration(input: IntegrationInput): Promise<Integration> {
    return this.#run(() => this.#db.transaction(() => integrations.upsertIntegration(this.#db, input)));
  }
  getIntegration(projectId: string, idOrName: string): Promise<Integration | undefined> {
    return this.#run(() => integrations.getIntegration(this.#db, projectId, idOrName));
  }
  listIntegrations(projectId: string): Promise<Integration[]> {
    return this.#run(() => integrations.listIntegrations(this.#db, projectId));
  }

  upsertGroup(group: NewGroup): Promise<Group> {
    return this.#run(() => this.#db.transaction(() => groups.upsertGroup(this.#db, group)));
  }
  getGroup(projectId: string, groupRef: string): Promise<Group | undefined> {
    return this.#run(() => groups.getGroup(this.#db, projectId, groupRef));
  }

  insertConnection(connection: NewConnection): Promise<Connection> {
    return this.#run(() => connections.insertConnection(this.#db, connection));
  }
  getConnection(projectId: string, id: string): Promise<Connection | undefined> {
    return this.#run(() => connections.getConnection(this.#db, projectId, id));
  }
  listConnections(projectId: string, groupRef: string): Promise<Connection[]> {
    return this.#run(() => connections.listConnections(this.#db, projectId, groupRef));
  }
  getDefaultConnection(
    projectId: string,
    groupRef: string,
    provider: string,
  ): Promise<Connection | undefined> {
    return this.#run(() => connections.getDefaultConnection(this.#db, projectId, groupRef, provider));
  }
  // A read then a write: one transaction makes the pair atomic.
  updateConnection(
    projectId: string,
    id: string,
    changes: ConnectionChanges,
  ): Promise<Connection | undefined> {
    return this.#run(() =>
      this.#db.transaction(() => connections.updateConnection(this.#db, projectId, id, changes)),
    );
  }

  insertInstallation(installation: NewInstallation): Promise<Installation> {
    return this.#run(() => installations.insertInstallation(this.#db, installation));
  }
  getInstallation(
    projectId: string,
    integrationId: string,
    groupRef: string,
  ): Promise<Installation | undefined> {
    return this.#run(() => installations.getInstallation(this.#db, projectId, integrationId, groupRef));
  }
  getInstallationById(projectId: string, id: string): Promise<Installation | undefined> {
    return this.#run(() => installations.getInstallationById(this.#db, projectId, id));
  }
  listInstallations(projectId: string, integrationId: string, groupRef?: string): Promise<Installation[]> {
    return this.#run(() => installations.listInstallations(this.#db, projectId, integrationId, groupRef));
  }
  replaceInstallation(next: Installation, expectedVersion: string): Promise<boolean> {
    return this.#run(() =>
      this.#db.transaction(() => {
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
      }),
    );
  }
  listInstallationRevisions(installationId: string): Promise<InstallationRevision[]> {
    return this.#run(() => revisions.listRevisions(this.#db, installationId));
  }
  deleteInstallation(
    projectId: string,
    id: string,
  ): Promise<{ deleted: boolean; connectionDeleted: boolean }> {
    return this.#run(() =>
      this.#db.transaction(() => {
        const current = installations.getInstallationById(this.#db, projectId, id);
        if (!current) return { deleted: false, connectionDeleted: false };
        installations.deleteInstallation(this.#db, projectId, id);
        const stillUsed =
          installations.countInstallationsOfConnection(this.#db, projectId, current.connectionId) > 0;
        const connectionDeleted =
          !stillUsed && connections.deleteConnection(this.#db, projectId, current.connectionId);
        return { deleted: true, connectionDeleted };
      }),
    );
  }

  insertInvite(invite: NewInvite): Promise<Invite> {
    return this.#run(() => invites.insertInvite(this.#db, invite));
  }
  listInvites(orgId: string): Promise<Invite[]> {
    return this.#run(() => invites.listInvites(this.#db, orgId));
  }
  revokeInvite(orgId: string, id: string): Promise<boolean> {
    return this.#run(() => invites.revokeInvite(this.#db, orgId, id));
  }
}
