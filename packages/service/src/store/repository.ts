/**
 * The store's repository interface: every read and write the service makes, with no SQL in sight, so a
 * PostgreSQL implementation can stand beside `SqliteRepository` for deployments that outgrow one machine.
 *
 * Ids and timestamps: every `insert*` takes an optional `id` and `createTime` (see the `New*` types). When absent the repository
 * fills them (`crypto.randomUUID()`, `new Date().toISOString()`) and returns the stored entity, so a route
 * never needs to generate either; seeds and tests pass their own to get stable values. Timestamps are
 * ISO 8601 strings throughout.
 *
 * Errors: a broken uniqueness rule throws `ConflictError`, a missing parent row `MissingReferenceError`
 * (see ./errors). Lookups that find nothing return `undefined`.
 */

export interface Org {
  id: string;
  name: string;
  createTime: string;
}

export interface Project {
  id: string;
  name: string;
  createTime: string;
}

export interface Integration {
  id: string;
  projectId: string;
  name: string;
  provider: string;
  createTime: string;
  updateTime?: string;
  /** Changes whenever `content` changes; identifies the manifest revision an installation was made from. */
  revisionId: string;
  specVersion: string;
  /** The manifest's integration entry, stored verbatim. */
  content: unknown;
}

export interface Group {
  groupRef: string;
  groupName: string;
  projectId: string;
  createTime: string;
  updateTime?: string;
}

export type ConnectionStatus = 'created' | 'working' | 'bad_credentials';

export interface Connection {
  id: string;
  projectId: string;
  provider: string;
  groupRef: string;
  consumerRef: string;
  status: ConnectionStatus;
  authScheme: string;
  /** The connection a create uses when it names none; at most one per group and provider. */
  isDefault: boolean;
  createTime: string;
  updateTime?: string;
  /** Secrets (e.g. `{ accessToken, refreshToken }`): never hand these to a browser. */
  credentials: Record<string, unknown>;
}

export type HealthStatus = 'healthy' | 'unhealthy';
export type OperationStatus = 'success' | 'failure' | 'in_progress';

export interface InstallationConfig {
  id: string;
  revisionId: string;
  createTime: string;
  createdBy: string;
  /** The validated config content (provider, read, write, proxy), stored verbatim. */
  content: unknown;
}

export interface Installation {
  id: string;
  projectId: string;
  integrationId: string;
  groupRef: string;
  connectionId: string;
  healthStatus: HealthStatus;
  lastOperationStatus?: OperationStatus;
  createTime: string;
  updateTime?: string;
  createdBy: string;
  config: InstallationConfig;
}

export type InviteStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

export interface Invite {
  id: string;
  orgId: string;
  invitedEmail: string;
  parentType: 'org';
  parentId: string;
  status: InviteStatus;
  createTime: string;
  updateTime: string;
}

/** `T` with the keys `K` made optional: the repository fills them in when absent. */
export type WithDefaults<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type NewOrg = WithDefaults<Org, 'id' | 'createTime'>;
export type NewProject = WithDefaults<Project, 'id' | 'createTime'>;
export type NewGroup = WithDefaults<Group, 'createTime'>;
export type NewConnection = WithDefaults<Connection, 'id' | 'createTime'>;
/** `healthStatus` defaults to `healthy`. */
export type NewInstallation = WithDefaults<Installation, 'id' | 'createTime' | 'healthStatus'>;
/**
 * A new invite is `pending` (seed section 3); `parentType` defaults to `org`, `parentId` to `orgId`,
 * `updateTime` to `createTime`.
 */
export type NewInvite = WithDefaults<
  Invite,
  'id' | 'createTime' | 'updateTime' | 'status' | 'parentType' | 'parentId'
>;

/** A manifest integration entry as loaded at start. */
export interface IntegrationInput {
  /** Used only when the integration is new; an existing one keeps its id. */
  id?: string;
  projectId: string;
  name: string;
  provider: string;
  specVersion: string;
  content: unknown;
}

export interface Repository {
  /** Runs `fn` in one transaction: all its writes commit together or not at all. Nests as a savepoint. */
  transaction<T>(fn: () => T): T;

  insertOrg(org: NewOrg): Org;
  getOrg(id: string): Org | undefined;

  insertProject(project: NewProject): Project;
  /** By id first, then by name (the seed's `projectIdOrName`). */
  getProject(idOrName: string): Project | undefined;
  listProjects(): Project[];

  /**
   * Inserts or refreshes an integration by (projectId, name). The revision id and `updateTime` change only
   * when provider, spec version or content differ from what is stored, so restarting with the same manifest
   * keeps every revision id.
   */
  upsertIntegration(input: IntegrationInput): Integration;
  /** By id first, then by name, within the project. */
  getIntegration(projectId: string, idOrName: string): Integration | undefined;
  listIntegrations(projectId: string): Integration[];

  /** Inserts a group, or renames an existing one (same projectId + groupRef). */
  upsertGroup(group: NewGroup): Group;
  getGroup(projectId: string, groupRef: string): Group | undefined;
  listGroups(projectId: string): Group[];

  insertConnection(connection: NewConnection): Connection;
  getConnection(projectId: string, id: string): Connection | undefined;
  listConnections(projectId: string, groupRef: string): Connection[];
  getDefaultConnection(projectId: string, groupRef: string, provider: string): Connection | undefined;

  /** Throws `ConflictError` when the group already has an installation of the integration. */
  insertInstallation(installation: NewInstallation): Installation;
  getInstallation(projectId: string, integrationId: string, groupRef: string): Installation | undefined;
  getInstallationById(projectId: string, id: string): Installation | undefined;
  listInstallations(projectId: string, integrationId: string, groupRef?: string): Installation[];

  insertInvite(invite: NewInvite): Invite;
  getInvite(orgId: string, id: string): Invite | undefined;
  listInvites(orgId: string): Invite[];
}
