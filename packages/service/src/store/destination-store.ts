/**
 * Webhook destinations: where read results are delivered (`{base_url}/projects/{p}/destinations`).
 *
 * The signing secret is stored as given (`whsec_` + base64) because the service must sign with it; it leaves
 * the service only in the answers to a create or a rotation. `failingSince` is the start of the current run
 * of failed deliveries: a destination that stays failing past the disable threshold is `disabled` and waits
 * until it is updated.
 *
 * `DestinationStore` is what routes and the read engine use; `SqliteDestinationStore` and
 * `PgDestinationStore` run the same queries (written once, see `StoreAccess`) on either database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { StoreAccess } from './access.js';
import { now } from './access.js';
import { PgAccess } from './pg/pg-access.js';
import type { PgPool } from './pg/pool.js';
import { SqliteAccess } from './sqlite-access.js';
import type { Table } from './table.js';

export interface DestinationMetadata {
  url: string;
  headers?: Record<string, string>;
}

export type DestinationStatus = 'enabled' | 'disabled';

export interface Destination {
  id: string;
  projectId: string;
  name: string;
  type: 'webhook';
  metadata: DestinationMetadata;
  signingSecret: string;
  status: DestinationStatus;
  disabledReason?: string;
  disabledTime?: string;
  failingSince?: string;
  lastError?: string;
  createTime: string;
  updateTime?: string;
}

export interface NewDestination {
  projectId: string;
  name: string;
  metadata: DestinationMetadata;
  /** Default: a fresh random secret. The demo data set passes its configured one. */
  signingSecret?: string;
  id?: string;
  createTime?: string;
}

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format receivers expect. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface DestinationStore {
  get(projectId: string, name: string): Promise<Destination | undefined>;
  list(projectId: string): Promise<Destination[]>;
  /** Throws `ConflictError` when the project already has a destination of that name. */
  insert(input: NewDestination): Promise<Destination>;
  /**
   * Changes name and/or metadata. Any update also re-enables a disabled destination: the builder has looked
   * at it, and messages waiting for it are attempted again. `ConflictError` when the new name is taken.
   */
  update(
    projectId: string,
    name: string,
    change: { name?: string; metadata?: DestinationMetadata },
  ): Promise<Destination | undefined>;
  /** Replaces the signing secret; the old one stops signing at once. */
  rotateSecret(projectId: string, name: string): Promise<Destination | undefined>;
  /** Sets a known secret (the demo data set's configured one). */
  setSigningSecret(projectId: string, name: string, secret: string): Promise<void>;
  delete(projectId: string, name: string): Promise<boolean>;
  /** A delivery succeeded: the failing streak, if any, is over. */
  recordSuccess(id: string): Promise<void>;
  /**
   * A delivery failed at `now`. Starts the failing streak if none, and disables the destination when the
   * streak is older than `disableAfterMs`.
   */
  recordFailure(id: string, error: string, now: number, disableAfterMs: number): Promise<void>;
}

const destinations: Table<Destination> = {
  name: 'destinations',
  columns: {
    id: 'text',
    projectId: 'text',
    name: 'text',
    type: 'text',
    metadata: 'json',
    signingSecret: 'text',
    status: 'text',
    disabledReason: 'text',
    disabledTime: 'text',
    failingSince: 'text',
    lastError: 'text',
    createTime: 'text',
    updateTime: 'text',
  },
};

const byName = 'SELECT * FROM destinations WHERE project_id = ? AND name = ?';

/** The queries, on whichever database `db` reaches. */
class StoredDestinations implements DestinationStore {
  constructor(private readonly db: StoreAccess) {}

  get(projectId: string, name: string) {
    return this.db.get(destinations, byName, projectId, name);
  }

  list(projectId: string) {
    return this.db.all(
      destinations,
      'SELECT * FROM destinations WHERE project_id = ? ORDER BY name',
      projectId,
    );
  }

  insert(input: NewDestination) {
    const destination: Destination = {
      id: input.id ?? randomUUID(),
      projectId: input.projectId,
      name: input.name,
      type: 'webhook',
      metadata: input.metadata,
      signingSecret: input.signingSecret ?? newSigningSecret(),
      status: 'enabled',
      createTime: input.createTime ?? now(),
    };
    return this.db.insert(destinations, destination, `destination "${input.name}" already exists`);
  }

  async update(projectId: string, name: string, change: { name?: string; metadata?: DestinationMetadata }) {
    const current = await this.get(projectId, name);
    if (!current) return undefined;
    const newName = change.name ?? current.name;
    await this.db.run(
      `UPDATE destinations SET name = @name, metadata = @metadata, status = 'enabled', disabled_reason = NULL,
         disabled_time = NULL, failing_since = NULL, update_time = @update_time WHERE id = @id`,
      {
        id: current.id,
        name: newName,
        metadata: JSON.stringify(change.metadata ?? current.metadata),
        update_time: now(),
      },
      { table: destinations.name, conflictMessage: `destination "${newName}" already exists` },
    );
    return this.get(projectId, newName);
  }

  async rotateSecret(projectId: string, name: string) {
    const changed = await this.db.change(
      'UPDATE destinations SET signing_secret = ?, update_time = ? WHERE project_id = ? AND name = ?',
      newSigningSecret(),
      now(),
      projectId,
      name,
    );
    return changed ? this.get(projectId, name) : undefined;
  }

  async setSigningSecret(projectId: string, name: string, secret: string) {
    await this.db.change(
      'UPDATE destinations SET signing_secret = ? WHERE project_id = ? AND name = ?',
      secret,
      projectId,
      name,
    );
  }

  async delete(projectId: string, name: string) {
    return (
      (await this.db.change('DELETE FROM destinations WHERE project_id = ? AND name = ?', projectId, name)) >
      0
    );
  }

  async recordSuccess(id: string) {
    await this.db.change(
      'UPDATE destinations SET failing_since = NULL, last_error = NULL WHERE id = ? AND failing_since IS NOT NULL',
      id,
    );
  }

  async recordFailure(id: string, error: string, nowMs: number, disableAfterMs: number) {
    const current = await this.db.get(destinations, 'SELECT * FROM destinations WHERE id = ?', id);
    if (!current) return;
    const since = current.failingSince ?? new Date(nowMs).toISOString();
    const disable = current.status === 'enabled' && nowMs - Date.parse(since) >= disableAfterMs;
    // The streak's start is kept if another instance set it meanwhile (COALESCE); the status changes only
    // from this decision, as the CASEs write nothing else.
    await this.db.run(
      `UPDATE destinations SET failing_since = COALESCE(failing_since, @since), last_error = @error,
         status = CASE WHEN @disable = 1 THEN 'disabled' ELSE status END,
         disabled_reason = CASE WHEN @disable = 1 THEN @reason ELSE disabled_reason END,
         disabled_time = CASE WHEN @disable = 1 THEN @time ELSE disabled_time END
       WHERE id = @id`,
      {
        id,
        since,
        error,
        disable: disable ? 1 : 0,
        reason: `Every delivery since ${since} failed (last: ${error}); update the destination to enable it again.`,
        time: new Date(nowMs).toISOString(),
      },
    );
  }
}

/** Destinations in the service's SQLite database. */
export class SqliteDestinationStore extends StoredDestinations {
  constructor(db: Database) {
    super(new SqliteAccess(db));
  }
}

/** Destinations in PostgreSQL, shared by every service instance. */
export class PgDestinationStore extends StoredDestinations {
  constructor(pool: PgPool) {
    super(new PgAccess(pool));
  }
}
