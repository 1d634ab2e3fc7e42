/**
 * Webhook destinations: where read results are delivered (`{base_url}/projects/{p}/destinations`).
 *
 * The signing secret is stored sealed (`SecretBox`, the key that seals OAuth tokens): the service must sign
 * with it, so it cannot be a hash, but a copy of the database (a backup, its WAL file) must not let anyone
 * sign messages a receiver trusts. Rows written before secrets were sealed hold the plain `whsec_` text:
 * reads accept both forms, and `sealPlainSecrets` (run when the service starts) seals those rows. The secret
 * leaves the service only in the answers to a create or a rotation. `failingSince` is the start of the current run
 * of failed deliveries: a destination that stays failing past the disable threshold is `disabled` and waits
 * until it is updated.
 *
 * `DestinationStore` is what routes and the read engine use; `SqliteDestinationStore` and
 * `PgDestinationStore` run the same queries (written once, see `StoreAccess`) on either database.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from 'better-sqlite3';
import type { SecretBox } from '../oauth/crypto.js';
import type { StoreAccess } from './access.js';
import { now } from './access.js';
import { lockTimeoutMs } from './lock-wait.js';
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
  /**
   * `whsec_` + base64. Absent when the stored secret was sealed under another key (`SPLICE_SECRET_KEY`
   * changed): the destination cannot sign until its secret is rotated.
   */
  signingSecret?: string;
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
  /** Seals every secret still stored as plain text (rows from before sealing); returns how many. */
  sealPlainSecrets(): Promise<number>;
  /** A delivery succeeded: the failing streak, if any, is over. */
  recordSuccess(id: string): Promise<void>;
  /**
   * A delivery failed at `now`. Starts the failing streak if none, and disables the destination when the
   * streak is older than `disableAfterMs`. True when this failure disabled it.
   */
  recordFailure(id: string, error: string, now: number, disableAfterMs: number): Promise<boolean>;
}

/** A row as stored: the signing secret sealed (JSON of `SecretBox.seal`), or plain in rows from before. */
type StoredDestination = Omit<Destination, 'signingSecret'> & { signingSecret: string };

const destinations: Table<StoredDestination> = {
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

/** A stored secret in plain text: the form rows had before secrets were sealed. */
const isPlain = (stored: string) => stored.startsWith('whsec_');

/** The queries, on whichever database `db` reaches. */
class StoredDestinations implements DestinationStore {
  constructor(
    private readonly db: StoreAccess,
    private readonly secrets: SecretBox,
  ) {}

  #seal(secret: string): string {
    return JSON.stringify(this.secrets.seal(secret));
  }

  #open(stored: StoredDestination): Destination {
    const { signingSecret: sealed, ...destination } = stored;
    let secret: unknown = sealed;
    if (!isPlain(sealed)) {
      try {
        secret = this.secrets.open(JSON.parse(sealed));
      } catch {
        secret = undefined;
      }
    }
    return typeof secret === 'string' ? { ...destination, signingSecret: secret } : destination;
  }

  async get(projectId: string, name: string) {
    const row = await this.db.get(destinations, byName, projectId, name);
    return row && this.#open(row);
  }

  async list(projectId: string) {
    const rows = await this.db.all(
      destinations,
      'SELECT * FROM destinations WHERE project_id = ? ORDER BY name',
      projectId,
    );
    return rows.map((row) => this.#open(row));
  }

  async insert(input: NewDestination) {
    const signingSecret = input.signingSecret ?? newSigningSecret();
    const destination: StoredDestination = {
      id: input.id ?? randomUUID(),
      projectId: input.projectId,
      name: input.name,
      type: 'webhook',
      metadata: input.metadata,
      signingSecret: this.#seal(signingSecret),
      status: 'enabled',
      createTime: input.createTime ?? now(),
    };
    await this.db.insert(destinations, destination, `destination "${input.name}" already exists`);
    return { ...destination, signingSecret };
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
      this.#seal(newSigningSecret()),
      now(),
      projectId,
      name,
    );
    return changed ? this.get(projectId, name) : undefined;
  }

  async setSigningSecret(projectId: string, name: string, secret: string) {
    await this.db.change(
      'UPDATE destinations SET signing_secret = ? WHERE project_id = ? AND name = ?',
      this.#seal(secret),
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

  async sealPlainSecrets() {
    const plain = await this.db.all(
      destinations,
      `SELECT * FROM destinations WHERE substr(signing_secret, 1, 6) = 'whsec_'`,
    );
    let sealed = 0;
    for (const row of plain) {
      // Only if still the plain value read: a rotation meanwhile (another instance) wins.
      sealed += await this.db.change(
        'UPDATE destinations SET signing_secret = ? WHERE id = ? AND signing_secret = ?',
        this.#seal(row.signingSecret),
        row.id,
        row.signingSecret,
      );
    }
    return sealed;
  }

  async recordSuccess(id: string) {
    await this.db.change(
      'UPDATE destinations SET failing_since = NULL, last_error = NULL WHERE id = ? AND failing_since IS NOT NULL',
      id,
    );
  }

  async recordFailure(id: string, error: string, nowMs: number, disableAfterMs: number) {
    const current = await this.db.get(destinations, 'SELECT * FROM destinations WHERE id = ?', id);
    if (!current) return false;
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
    return disable;
  }
}

/** Destinations in the service's SQLite database; `secrets` seals the signing secrets. */
export class SqliteDestinationStore extends StoredDestinations {
  readonly #db: Database;

  constructor(db: Database, secrets: SecretBox) {
    super(new SqliteAccess(db), secrets);
    this.#db = db;
  }

  /**
   * Also wipes the plain texts the update replaced: `secure_delete` zeroes the freed bytes in the rewritten
   * pages, and a checkpoint moves those pages into the database file and empties the WAL file.
   */
  override async sealPlainSecrets() {
    const secureDelete = this.#db.pragma('secure_delete', { simple: true }) as number;
    this.#db.pragma('secure_delete = ON');
    try {
      const sealed = await super.sealPlainSecrets();
      if (sealed > 0) await truncateWal(this.#db);
      return sealed;
    } finally {
      this.#db.pragma(`secure_delete = ${secureDelete}`);
    }
  }
}

/**
 * Moves every page of the WAL file into the database file and empties it, trying again (on a timer) while
 * other connections read or write. Best effort, as SQLite's own checkpoint is: after `lockTimeoutMs` it
 * leaves the rest to a later checkpoint.
 */
async function truncateWal(db: Database): Promise<void> {
  const deadline = Date.now() + lockTimeoutMs;
  const busy = () => (db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>)[0]?.busy === 1;
  while (busy() && Date.now() < deadline) await sleep(5);
}

/** Destinations in PostgreSQL, shared by every service instance; `secrets` seals the signing secrets. */
export class PgDestinationStore extends StoredDestinations {
  constructor(pool: PgPool, secrets: SecretBox) {
    super(new PgAccess(pool), secrets);
  }
}
