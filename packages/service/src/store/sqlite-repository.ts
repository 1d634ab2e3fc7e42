/**
 * The SQLite implementation of `Repository` (better-sqlite3, synchronous).
 *
 * Columns are snake_case and JSON payloads are TEXT; the row mappers below are the only place that knows
 * either. Statements are prepared once per repository. SQLite's constraint errors are translated into the
 * store's typed errors so callers never inspect driver error codes.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { ConflictError, MissingReferenceError } from './errors.js';
import type {
  Connection,
  ConnectionStatus,
  Group,
  HealthStatus,
  Installation,
  InstallationConfig,
  Integration,
  IntegrationInput,
  Invite,
  InviteStatus,
  NewConnection,
  NewGroup,
  NewInstallation,
  NewInvite,
  NewOrg,
  NewProject,
  OperationStatus,
  Org,
  Project,
  Repository,
} from './repository.js';

interface OrgRow {
  id: string;
  name: string;
  create_time: string;
}
type ProjectRow = OrgRow;

interface IntegrationRow {
  id: string;
  project_id: string;
  name: string;
  provider: string;
  create_time: string;
  update_time: string | null;
  revision_id: string;
  spec_version: string;
  content: string;
}

interface GroupRow {
  project_id: string;
  group_ref: string;
  group_name: string;
  create_time: string;
  update_time: string | null;
}

interface ConnectionRow {
  id: string;
  project_id: string;
  provider: string;
  group_ref: string;
  consumer_ref: string;
  status: string;
  auth_scheme: string;
  is_default: number;
  create_time: string;
  update_time: string | null;
  credentials: string;
}

interface InstallationRow {
  id: string;
  project_id: string;
  integration_id: string;
  group_ref: string;
  connection_id: string;
  health_status: string;
  last_operation_status: string | null;
  create_time: string;
  update_time: string | null;
  created_by: string;
  config: string;
}

interface InviteRow {
  id: string;
  org_id: string;
  invited_email: string;
  parent_type: string;
  parent_id: string;
  status: string;
  create_time: string;
  update_time: string;
}

const now = (): string => new Date().toISOString();

/** Optional columns are NULL in SQL and absent (not `undefined`-valued) on the entity. */
function optional<K extends string>(key: K, value: string | null): { [P in K]?: string } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: string };
}

const toOrg = (row: OrgRow): Org => ({ id: row.id, name: row.name, createTime: row.create_time });
const toProject = (row: ProjectRow): Project => ({ id: row.id, name: row.name, createTime: row.create_time });

const toIntegration = (row: IntegrationRow): Integration => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  provider: row.provider,
  createTime: row.create_time,
  ...optional('updateTime', row.update_time),
  revisionId: row.revision_id,
  specVersion: row.spec_version,
  content: JSON.parse(row.content) as unknown,
});

const toGroup = (row: GroupRow): Group => ({
  groupRef: row.group_ref,
  groupName: row.group_name,
  projectId: row.project_id,
  createTime: row.create_time,
  ...optional('updateTime', row.update_time),
});

const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  projectId: row.project_id,
  provider: row.provider,
  groupRef: row.group_ref,
  consumerRef: row.consumer_ref,
  status: row.status as ConnectionStatus,
  authScheme: row.auth_scheme,
  isDefault: row.is_default === 1,
  createTime: row.create_time,
  ...optional('updateTime', row.update_time),
  credentials: JSON.parse(row.credentials) as Record<string, unknown>,
});

const toInstallation = (row: InstallationRow): Installation => ({
  id: row.id,
  projectId: row.project_id,
  integrationId: row.integration_id,
  groupRef: row.group_ref,
  connectionId: row.connection_id,
  healthStatus: row.health_status as HealthStatus,
  ...(row.last_operation_status === null
    ? {}
    : { lastOperationStatus: row.last_operation_status as OperationStatus }),
  createTime: row.create_time,
  ...optional('updateTime', row.update_time),
  createdBy: row.created_by,
  config: JSON.parse(row.config) as InstallationConfig,
});

const toInvite = (row: InviteRow): Invite => ({
  id: row.id,
  orgId: row.org_id,
  invitedEmail: row.invited_email,
  parentType: row.parent_type as 'org',
  parentId: row.parent_id,
  status: row.status as InviteStatus,
  createTime: row.create_time,
  updateTime: row.update_time,
});

/**
 * Runs a write and turns SQLite constraint failures into the store's typed errors. Other errors (I/O, a bug
 * in a statement) pass through untouched.
 */
function translateConstraint<T>(entity: string, conflictMessage: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof Sqlite.SqliteError) {
      if (error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new ConflictError(entity, conflictMessage, { cause: error });
      }
      if (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new ConflictError(entity, `${entity} id already exists`, { cause: error });
      }
      if (error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
        throw new MissingReferenceError(entity, `${entity} refers to a row that does not exist`, {
          cause: error,
        });
      }
    }
    throw error;
  }
}

export class SqliteRepository implements Repository {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  /** Prepares each distinct SQL text once; the cache is bounded by the fixed set of statements below. */
  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #get<Row>(sql: string, ...params: unknown[]): Row | undefined {
    return this.#statement(sql).get(...params) as Row | undefined;
  }

  #all<Row>(sql: string, ...params: unknown[]): Row[] {
    return this.#statement(sql).all(...params) as Row[];
  }

  #run(sql: string, params: Record<string, unknown>): void {
    this.#statement(sql).run(params);
  }

  transaction<T>(fn: () => T): T {
    return this.#db.transaction(fn)();
  }

  insertOrg(input: NewOrg): Org {
    const org: Org = {
      id: input.id ?? randomUUID(),
      name: input.name,
      createTime: input.createTime ?? now(),
    };
    translateConstraint('org', `org ${org.id} already exists`, () =>
      this.#run('INSERT INTO orgs (id, name, create_time) VALUES (@id, @name, @createTime)', { ...org }),
    );
    return org;
  }

  getOrg(id: string): Org | undefined {
    const row = this.#get<OrgRow>('SELECT * FROM orgs WHERE id = ?', id);
    return row && toOrg(row);
  }

  insertProject(input: NewProject): Project {
    const project: Project = {
      id: input.id ?? randomUUID(),
      name: input.name,
      createTime: input.createTime ?? now(),
    };
    translateConstraint('project', `a project named ${project.name} already exists`, () =>
      this.#run('INSERT INTO projects (id, name, create_time) VALUES (@id, @name, @createTime)', {
        ...project,
      }),
    );
    return project;
  }

  getProject(idOrName: string): Project | undefined {
    // An id match wins over a name match, so a project named like another's id cannot shadow it.
    const row =
      this.#get<ProjectRow>('SELECT * FROM projects WHERE id = ?', idOrName) ??
      this.#get<ProjectRow>('SELECT * FROM projects WHERE name = ?', idOrName);
    return row && toProject(row);
  }

  listProjects(): Project[] {
    return this.#all<ProjectRow>('SELECT * FROM projects ORDER BY create_time, id').map(toProject);
  }

  upsertIntegration(input: IntegrationInput): Integration {
    return this.transaction(() => {
      const existing = this.#get<IntegrationRow>(
        'SELECT * FROM integrations WHERE project_id = ? AND name = ?',
        input.projectId,
        input.name,
      );
      const content = JSON.stringify(input.content);
      if (
        existing &&
        existing.content === content &&
        existing.provider === input.provider &&
        existing.spec_version === input.specVersion
      ) {
        return toIntegration(existing);
      }
      const time = now();
      const row: IntegrationRow = {
        id: existing?.id ?? input.id ?? randomUUID(),
        project_id: input.projectId,
        name: input.name,
        provider: input.provider,
        create_time: existing?.create_time ?? time,
        update_time: existing ? time : null,
        revision_id: randomUUID(),
        spec_version: input.specVersion,
        content,
      };
      if (existing) {
        this.#run(
          `UPDATE integrations SET provider = @provider, update_time = @update_time, revision_id = @revision_id,
             spec_version = @spec_version, content = @content
           WHERE id = @id`,
          { ...row },
        );
      } else {
        translateConstraint('integration', `integration ${row.id} already exists`, () =>
          this.#run(
            `INSERT INTO integrations
               (id, project_id, name, provider, create_time, update_time, revision_id, spec_version, content)
             VALUES
               (@id, @project_id, @name, @provider, @create_time, @update_time, @revision_id, @spec_version,
                @content)`,
            { ...row },
          ),
        );
      }
      return toIntegration(row);
    });
  }

  getIntegration(projectId: string, idOrName: string): Integration | undefined {
    const row =
      this.#get<IntegrationRow>(
        'SELECT * FROM integrations WHERE project_id = ? AND id = ?',
        projectId,
        idOrName,
      ) ??
      this.#get<IntegrationRow>(
        'SELECT * FROM integrations WHERE project_id = ? AND name = ?',
        projectId,
        idOrName,
      );
    return row && toIntegration(row);
  }

  listIntegrations(projectId: string): Integration[] {
    return this.#all<IntegrationRow>(
      'SELECT * FROM integrations WHERE project_id = ? ORDER BY create_time, id',
      projectId,
    ).map(toIntegration);
  }

  upsertGroup(input: NewGroup): Group {
    return this.transaction(() => {
      const existing = this.#get<GroupRow>(
        'SELECT * FROM groups WHERE project_id = ? AND group_ref = ?',
        input.projectId,
        input.groupRef,
      );
      if (existing && existing.group_name === input.groupName) return toGroup(existing);
      const time = now();
      const row: GroupRow = {
        project_id: input.projectId,
        group_ref: input.groupRef,
        group_name: input.groupName,
        create_time: existing?.create_time ?? input.createTime ?? time,
        update_time: existing ? (input.updateTime ?? time) : (input.updateTime ?? null),
      };
      translateConstraint('group', `group ${row.group_ref} already exists`, () =>
        this.#run(
          `INSERT INTO groups (project_id, group_ref, group_name, create_time, update_time)
           VALUES (@project_id, @group_ref, @group_name, @create_time, @update_time)
           ON CONFLICT (project_id, group_ref) DO UPDATE SET
             group_name = excluded.group_name, update_time = excluded.update_time`,
          { ...row },
        ),
      );
      return toGroup(row);
    });
  }

  getGroup(projectId: string, groupRef: string): Group | undefined {
    const row = this.#get<GroupRow>(
      'SELECT * FROM groups WHERE project_id = ? AND group_ref = ?',
      projectId,
      groupRef,
    );
    return row && toGroup(row);
  }

  listGroups(projectId: string): Group[] {
    return this.#all<GroupRow>('SELECT * FROM groups WHERE project_id = ? ORDER BY group_ref', projectId).map(
      toGroup,
    );
  }

  insertConnection(input: NewConnection): Connection {
    const connection: Connection = {
      ...input,
      id: input.id ?? randomUUID(),
      createTime: input.createTime ?? now(),
    };
    translateConstraint(
      'connection',
      `group ${connection.groupRef} already has a default ${connection.provider} connection`,
      () =>
        this.#run(
          `INSERT INTO connections
             (id, project_id, provider, group_ref, consumer_ref, status, auth_scheme, is_default,
              create_time, update_time, credentials)
           VALUES
             (@id, @projectId, @provider, @groupRef, @consumerRef, @status, @authScheme, @isDefault,
              @createTime, @updateTime, @credentials)`,
          {
            ...connection,
            isDefault: connection.isDefault ? 1 : 0,
            updateTime: connection.updateTime ?? null,
            credentials: JSON.stringify(connection.credentials),
          },
        ),
    );
    return connection;
  }

  getConnection(projectId: string, id: string): Connection | undefined {
    const row = this.#get<ConnectionRow>(
      'SELECT * FROM connections WHERE project_id = ? AND id = ?',
      projectId,
      id,
    );
    return row && toConnection(row);
  }

  listConnections(projectId: string, groupRef: string): Connection[] {
    return this.#all<ConnectionRow>(
      'SELECT * FROM connections WHERE project_id = ? AND group_ref = ? ORDER BY create_time, id',
      projectId,
      groupRef,
    ).map(toConnection);
  }

  getDefaultConnection(projectId: string, groupRef: string, provider: string): Connection | undefined {
    const row = this.#get<ConnectionRow>(
      `SELECT * FROM connections
       WHERE project_id = ? AND group_ref = ? AND provider = ? AND is_default = 1`,
      projectId,
      groupRef,
      provider,
    );
    return row && toConnection(row);
  }

  insertInstallation(input: NewInstallation): Installation {
    const installation: Installation = {
      ...input,
      id: input.id ?? randomUUID(),
      createTime: input.createTime ?? now(),
      healthStatus: input.healthStatus ?? 'healthy',
    };
    translateConstraint(
      'installation',
      `group ${installation.groupRef} already has an installation of integration ${installation.integrationId}`,
      () =>
        this.#run(
          `INSERT INTO installations
             (id, project_id, integration_id, group_ref, connection_id, health_status, last_operation_status,
              create_time, update_time, created_by, config)
           VALUES
             (@id, @projectId, @integrationId, @groupRef, @connectionId, @healthStatus, @lastOperationStatus,
              @createTime, @updateTime, @createdBy, @config)`,
          {
            ...installation,
            lastOperationStatus: installation.lastOperationStatus ?? null,
            updateTime: installation.updateTime ?? null,
            config: JSON.stringify(installation.config),
          },
        ),
    );
    return installation;
  }

  getInstallation(projectId: string, integrationId: string, groupRef: string): Installation | undefined {
    const row = this.#get<InstallationRow>(
      'SELECT * FROM installations WHERE project_id = ? AND integration_id = ? AND group_ref = ?',
      projectId,
      integrationId,
      groupRef,
    );
    return row && toInstallation(row);
  }

  getInstallationById(projectId: string, id: string): Installation | undefined {
    const row = this.#get<InstallationRow>(
      'SELECT * FROM installations WHERE project_id = ? AND id = ?',
      projectId,
      id,
    );
    return row && toInstallation(row);
  }

  listInstallations(projectId: string, integrationId: string, groupRef?: string): Installation[] {
    const rows =
      groupRef === undefined
        ? this.#all<InstallationRow>(
            'SELECT * FROM installations WHERE project_id = ? AND integration_id = ? ORDER BY create_time, id',
            projectId,
            integrationId,
          )
        : this.#all<InstallationRow>(
            `SELECT * FROM installations WHERE project_id = ? AND integration_id = ? AND group_ref = ?
             ORDER BY create_time, id`,
            projectId,
            integrationId,
            groupRef,
          );
    return rows.map(toInstallation);
  }

  insertInvite(input: NewInvite): Invite {
    const createTime = input.createTime ?? now();
    const invite: Invite = {
      id: input.id ?? randomUUID(),
      orgId: input.orgId,
      invitedEmail: input.invitedEmail,
      parentType: input.parentType ?? 'org',
      parentId: input.parentId ?? input.orgId,
      status: input.status ?? 'pending',
      createTime,
      updateTime: input.updateTime ?? createTime,
    };
    translateConstraint('invite', `invite ${invite.id} already exists`, () =>
      this.#run(
        `INSERT INTO invites
           (id, org_id, invited_email, parent_type, parent_id, status, create_time, update_time)
         VALUES (@id, @orgId, @invitedEmail, @parentType, @parentId, @status, @createTime, @updateTime)`,
        { ...invite },
      ),
    );
    return invite;
  }

  getInvite(orgId: string, id: string): Invite | undefined {
    const row = this.#get<InviteRow>('SELECT * FROM invites WHERE org_id = ? AND id = ?', orgId, id);
    return row && toInvite(row);
  }

  listInvites(orgId: string): Invite[] {
    return this.#all<InviteRow>('SELECT * FROM invites WHERE org_id = ? ORDER BY create_time, id', orgId).map(
      toInvite,
    );
  }
}
