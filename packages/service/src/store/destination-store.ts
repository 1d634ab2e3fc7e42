/**
 * Webhook destinations: where read results are delivered (`{base_url}/projects/{p}/destinations`).
 *
 * The signing secret is stored as given (`whsec_` + base64) because the service must sign with it; it leaves
 * the service only in the answers to a create or a rotation. `failingSince` is the start of the current run
 * of failed deliveries: a destination that stays failing past the disable threshold is `disabled` and waits
 * until it is updated.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import Sqlite from 'better-sqlite3';
import { ConflictError } from './errors.js';

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

interface DestinationRow {
  id: string;
  project_id: string;
  name: string;
  type: 'webhook';
  metadata: string;
  signing_secret: string;
  status: DestinationStatus;
  disabled_reason: string | null;
  disabled_time: string | null;
  failing_since: string | null;
  last_error: string | null;
  create_time: string;
  update_time: string | null;
}

/** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format receivers expect. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function toDestination(row: DestinationRow): Destination {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    type: row.type,
    metadata: JSON.parse(row.metadata) as DestinationMetadata,
    signingSecret: row.signing_secret,
    status: row.status,
    ...(row.disabled_reason ? { disabledReason: row.disabled_reason } : {}),
    ...(row.disabled_time ? { disabledTime: row.disabled_time } : {}),
    ...(row.failing_since ? { failingSince: row.failing_since } : {}),
    ...(row.last_error ? { lastError: row.last_error } : {}),
    createTime: row.create_time,
    ...(row.update_time ? { updateTime: row.update_time } : {}),
  };
}

/** Destinations in the service's SQLite database (better-sqlite3, synchronous like the repository). */
export class SqliteDestinationStore {
  readonly #byName: Statement<[string, string], DestinationRow>;
  readonly #list: Statement<[string], DestinationRow>;

  constructor(private readonly db: Database) {
    this.#byName = db.prepare('SELECT * FROM destinations WHERE project_id = ? AND name = ?');
    this.#list = db.prepare('SELECT * FROM destinations WHERE project_id = ? ORDER BY name');
  }

  get(projectId: string, name: string): Destination | undefined {
    const row = this.#byName.get(projectId, name);
    return row ? toDestination(row) : undefined;
  }

  list(projectId: string): Destination[] {
    return this.#list.all(projectId).map(toDestination);
  }

  /** Throws `ConflictError` when the project already has a destination of that name. */
  insert(input: NewDestination): Destination {
    const createTime = input.createTime ?? new Date().toISOString();
    try {
      this.db
        .prepare(
          `INSERT INTO destinations (id, project_id, name, type, metadata, signing_secret, status, create_time)
           VALUES (?, ?, ?, 'webhook', ?, ?, 'enabled', ?)`,
        )
        .run(
          input.id ?? randomUUID(),
          input.projectId,
          input.name,
          JSON.stringify(input.metadata),
          input.signingSecret ?? newSigningSecret(),
          createTime,
        );
    } catch (error) {
      if (error instanceof Sqlite.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) {
        throw new ConflictError('destination', `destination "${input.name}" already exists`, {
          cause: error,
        });
      }
      throw error;
    }
    return this.get(input.projectId, input.name)!;
  }

  /**
   * Changes name and/or metadata. Any update also re-enables a disabled destination: the builder has looked
   * at it, and messages waiting for it are attempted again.
   */
  update(
    projectId: string,
    name: string,
    change: { name?: string; metadata?: DestinationMetadata },
  ): Destination | undefined {
    const current = this.get(projectId, name);
    if (!current) return undefined;
    const newName = change.name ?? current.name;
    try {
      this.db
        .prepare(
          `UPDATE destinations SET name = ?, metadata = ?, status = 'enabled', disabled_reason = NULL,
             disabled_time = NULL, failing_since = NULL, update_time = ? WHERE id = ?`,
        )
        .run(
          newName,
          JSON.stringify(change.metadata ?? current.metadata),
          new Date().toISOString(),
          current.id,
        );
    } catch (error) {
      if (error instanceof Sqlite.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT_UNIQUE')) {
        throw new ConflictError('destination', `destination "${newName}" already exists`, { cause: error });
      }
      throw error;
    }
    return this.get(projectId, newName);
  }

  /** Replaces the signing secret; the old one stops signing at once. */
  rotateSecret(projectId: string, name: string): Destination | undefined {
    const result = this.db
      .prepare(
        'UPDATE destinations SET signing_secret = ?, update_time = ? WHERE project_id = ? AND name = ?',
      )
      .run(newSigningSecret(), new Date().toISOString(), projectId, name);
    return result.changes ? this.get(projectId, name) : undefined;
  }

  /** Sets a known secret (the demo data set's configured one). */
  setSigningSecret(projectId: string, name: string, secret: string): void {
    this.db
      .prepare('UPDATE destinations SET signing_secret = ? WHERE project_id = ? AND name = ?')
      .run(secret, projectId, name);
  }

  delete(projectId: string, name: string): boolean {
    return (
      this.db.prepare('DELETE FROM destinations WHERE project_id = ? AND name = ?').run(projectId, name)
        .changes > 0
    );
  }

  /** A delivery succeeded: the failing streak, if any, is over. */
  recordSuccess(id: string): void {
    this.db
      .prepare(
        'UPDATE destinations SET failing_since = NULL, last_error = NULL WHERE id = ? AND failing_since IS NOT NULL',
      )
      .run(id);
  }

  /**
   * A delivery failed at `now`. Starts the failing streak if none, and disables the destination when the
   * streak is older than `disableAfterMs`. Returns the destination as it is afterwards.
   */
  recordFailure(id: string, error: string, now: number, disableAfterMs: number): void {
    const row = this.db.prepare('SELECT * FROM destinations WHERE id = ?').get(id) as
      | DestinationRow
      | undefined;
    if (!row) return;
    const since = row.failing_since ?? new Date(now).toISOString();
    const disable = row.status === 'enabled' && now - Date.parse(since) >= disableAfterMs;
    this.db
      .prepare(
        `UPDATE destinations SET failing_since = ?, last_error = ?,
           status = CASE WHEN ? THEN 'disabled' ELSE status END,
           disabled_reason = CASE WHEN ? THEN ? ELSE disabled_reason END,
           disabled_time = CASE WHEN ? THEN ? ELSE disabled_time END
         WHERE id = ?`,
      )
      .run(
        since,
        error,
        disable ? 1 : 0,
        disable ? 1 : 0,
        `Every delivery since ${since} failed (last: ${error}); update the destination to enable it again.`,
        disable ? 1 : 0,
        new Date(now).toISOString(),
        id,
      );
  }
}
