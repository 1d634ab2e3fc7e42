/**
 * The store's repository interface: every read and write the service makes, with no SQL in sight, so a
 * PostgreSQL implementation can stand beside `SqliteRepository` for deployments that outgrow one machine.
 *
 * Entities: each is defined once, in `entities/<entity>.ts`, beside its table and queries. Where the API has
 * the resource, the entity type derives from its `@splice/schema` schema (same fields and enums), with
 * references (`groupRef`, `connectionId`) where the API nests the referred object.
 *
 * Asynchronous, so that a networked store (PostgreSQL) can stand behind it: every method returns a Promise.
 * `SqliteRepository` answers from better-sqlite3 at once (settled Promises); its transactions run on its one
 * connection, serialized (see `transaction`).
 *
 * Ids and timestamps: every `insert*` takes an optional `id` and `createTime` (see the `New*` types). When
 * absent the repository fills them (`crypto.randomUUID()`, `new Date().toISOString()`) and returns the stored
 * entity, so a route never needs to generate either; seeds and tests pass their own to get stable values.
 * Timestamps are ISO 8601 strings throughout.
 *
 * Errors: a broken uniqueness rule throws `ConflictError`, a missing parent row `MissingReferenceError`
 * (see ./errors). Lookups that find nothing return `undefined`.
 */
import type { ConnectionEvent, NewConnectionEvent } from './entities/connection-events.js';
import type { Connection, ConnectionChanges, NewConnection } from './entities/connections.js';
import type { Group, NewGroup } from './entities/groups.js';
import type { InstallationRevision } from './entities/installation-revisions.js';
import type { Installation, NewInstallation } from './entities/installations.js';
import type { Integration, IntegrationInput } from './entities/integrations.js';
import type { Invite, NewInvite } from './entities/invites.js';
import type { NewOrg, Org } from './entities/orgs.js';
import type { PreviousConfig } from './entities/previous-configs.js';
import type { NewProject, Project } from './entities/projects.js';

export type {
  ConnectionEvent,
  ConnectionEventKind,
  NewConnectionEvent,
} from './entities/connection-events.js';
export type {
  Connection,
  ConnectionChanges,
  ConnectionStatus,
  NewConnection,
} from './entities/connections.js';
export type { Group, NewGroup } from './entities/groups.js';
export type { InstallationRevision } from './entities/installation-revisions.js';
export type {
  HealthStatus,
  Installation,
  InstallationConfig,
  NewInstallation,
  OperationStatus,
} from './entities/installations.js';
export type { Integration, IntegrationInput } from './entities/integrations.js';
export type { Invite, InviteStatus, NewInvite } from './entities/invites.js';
export type { NewOrg, Org } from './entities/orgs.js';
export type { PreviousConfig } from './entities/previous-configs.js';
export type { NewProject, Project } from './entities/projects.js';
export type { WithDefaults } from './with-defaults.js';

/** How a delete keeps the installation's config for a later reinstall. */
export interface PreviousConfigKeeping {
  uninstallTime: string;
  /** Kept configs uninstalled before this time are forgotten meanwhile. */
  forgetBefore: string;
}

export interface Repository {
  /**
   * Runs `fn` in one transaction: every read and write it makes through `tx` commits together or not at
   * all (a rejection rolls back). `tx.transaction` nests as a savepoint. Keep the body to store calls: on
   * SQLite the connection's other callers wait until it ends.
   */
  transaction<T>(fn: (tx: Repository) => Promise<T>): Promise<T>;

  insertOrg(org: NewOrg): Promise<Org>;
  getOrg(id: string): Promise<Org | undefined>;

  insertProject(project: NewProject): Promise<Project>;
  /** By id first, then by name (the API's `projectIdOrName`). */
  getProject(idOrName: string): Promise<Project | undefined>;
  /** Sets the display name of a project that has none; a name already set is kept. */
  nameUnnamedProject(id: string, displayName: string): Promise<void>;

  /**
   * Inserts or refreshes an integration by (projectId, name). The revision id and `updateTime` change only
   * when provider, spec version or content differ from what is stored, so restarting with the same manifest
   * keeps every revision id.
   */
  upsertIntegration(input: IntegrationInput): Promise<Integration>;
  /** By id first, then by name, within the project. */
  getIntegration(projectId: string, idOrName: string): Promise<Integration | undefined>;
  /** The project's integrations (the OAuth flow asks the provider for what they read and write). */
  listIntegrations(projectId: string): Promise<Integration[]>;

  /** Inserts a group, or renames an existing one (same projectId + groupRef). */
  upsertGroup(group: NewGroup): Promise<Group>;
  getGroup(projectId: string, groupRef: string): Promise<Group | undefined>;

  insertConnection(connection: NewConnection): Promise<Connection>;
  getConnection(projectId: string, id: string): Promise<Connection | undefined>;
  /** The group's connections, or every connection of the project when no group is named. */
  listConnections(projectId: string, groupRef?: string): Promise<Connection[]>;
  getDefaultConnection(
    projectId: string,
    groupRef: string,
    provider: string,
  ): Promise<Connection | undefined>;
  /**
   * Deletes a connection no installation uses. `deleted: false` when there is none, or when installations
   * use it (`usedBy`, oldest first: they would lose their provider). One transaction.
   */
  deleteUnusedConnection(
    projectId: string,
    id: string,
  ): Promise<{ deleted: boolean; usedBy: Installation[] }>;
  /** Changes a connection's status, consumer or credentials and stamps `updateTime`; undefined if absent. */
  updateConnection(
    projectId: string,
    id: string,
    changes: ConnectionChanges,
  ): Promise<Connection | undefined>;
  /**
   * Replaces a connection's credentials when they are still `expected` (compare-and-set, one conditional
   * UPDATE): false when another writer changed them first, or there is no such connection.
   */
  replaceConnectionCredentials(
    projectId: string,
    id: string,
    expected: Record<string, unknown>,
    next: Record<string, unknown>,
  ): Promise<boolean>;
  /** Sets a connection's status alone; false when it already had it or there is no such connection. */
  setConnectionStatus(projectId: string, id: string, status: Connection['status']): Promise<boolean>;
  /**
   * Claims the right to refresh a connection's tokens for `owner` until `untilMs` (epoch ms): true when no
   * one else holds an unexpired claim (one conditional UPDATE, so one claimant wins across instances).
   */
  claimConnectionRefresh(
    projectId: string,
    id: string,
    owner: string,
    untilMs: number,
    nowMs: number,
  ): Promise<boolean>;
  /** Ends `owner`'s refresh claim, if it still holds it. */
  releaseConnectionRefresh(projectId: string, id: string, owner: string): Promise<void>;
  /** Records what happened to a connection (`connection.refreshed`, `connection.error`). */
  insertConnectionEvent(event: NewConnectionEvent): Promise<void>;
  /** A connection's events, oldest first. */
  listConnectionEvents(projectId: string, connectionId: string): Promise<ConnectionEvent[]>;

  /** Throws `ConflictError` when the group already has an installation of the integration. */
  insertInstallation(installation: NewInstallation): Promise<Installation>;
  getInstallation(
    projectId: string,
    integrationId: string,
    groupRef: string,
  ): Promise<Installation | undefined>;
  getInstallationById(projectId: string, id: string): Promise<Installation | undefined>;
  listInstallations(projectId: string, integrationId: string, groupRef?: string): Promise<Installation[]>;
  /**
   * Replaces an installation's connection and config when its version (`updateTime`, else `createTime`)
   * is still `expectedVersion`, keeping the config it had as a revision; false when another write came
   * first (or the installation is gone). One transaction.
   */
  replaceInstallation(next: Installation, expectedVersion: string): Promise<boolean>;
  /** Every config an update replaced, oldest first. */
  listInstallationRevisions(installationId: string): Promise<InstallationRevision[]>;
  /**
   * Deletes an installation (its revisions and read state go with it) and its connection when no other
   * installation uses that. False when there was none. With `keep`, its config content is kept in the same
   * transaction as the group's previous config of the integration. One transaction.
   */
  deleteInstallation(
    projectId: string,
    id: string,
    keep?: PreviousConfigKeeping,
  ): Promise<{ deleted: boolean; connectionDeleted: boolean }>;
  /** The group's config of the integration when it last uninstalled it, if that was at or after `notBefore`. */
  getPreviousConfig(
    key: { projectId: string; integrationId: string; groupRef: string },
    notBefore: string,
  ): Promise<PreviousConfig | undefined>;

  insertInvite(invite: NewInvite): Promise<Invite>;
  listInvites(orgId: string): Promise<Invite[]>;
  /** Sets a pending invite to `revoked`; false when the org has no pending invite with that id. */
  revokeInvite(orgId: string, id: string): Promise<boolean>;
}
