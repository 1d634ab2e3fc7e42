import type { InviteStore, SentInvite } from '../invites/invite-store.js';
import { migrateOnce, inviteTable as table } from './migrate.js';
import type { PostgresStoreOptions } from './queryable.js';
import { openPool } from './queryable.js';

interface Row {
  org_id: string;
  invite_id: string;
  group_ref: string;
  consumer_ref: string;
  sent_at: string;
}

const columns = 'org_id, invite_id, group_ref, consumer_ref, sent_at';

// bigint arrives as a string from node-postgres; epoch milliseconds fit a double exactly.
const sentInvite = (row: Row): SentInvite => ({
  orgId: row.org_id,
  inviteId: row.invite_id,
  groupRef: row.group_ref,
  consumerRef: row.consumer_ref,
  sentAt: Number(row.sent_at),
});

/** Which group sent each invite, in PostgreSQL: every BFF replica lists and revokes the same invites. */
export class PostgresInviteStore implements InviteStore {
  readonly #pool;
  readonly #migrate;

  constructor(options: PostgresStoreOptions) {
    this.#pool = openPool(options);
    this.#migrate = migrateOnce(this.#pool.queryable, options.createTables !== false);
  }

  async record(invite: SentInvite) {
    await this.#migrate();
    await this.#pool.queryable.query(
      `INSERT INTO ${table} (${columns}) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (org_id, invite_id) DO UPDATE
         SET group_ref = EXCLUDED.group_ref, consumer_ref = EXCLUDED.consumer_ref, sent_at = EXCLUDED.sent_at`,
      [invite.orgId, invite.inviteId, invite.groupRef, invite.consumerRef, invite.sentAt],
    );
  }

  async listSent(orgId: string, groupRef: string) {
    await this.#migrate();
    const { rows } = await this.#pool.queryable.query(
      `SELECT ${columns} FROM ${table} WHERE org_id = $1 AND group_ref = $2 ORDER BY sent_at DESC, invite_id`,
      [orgId, groupRef],
    );
    return (rows as Row[]).map(sentInvite);
  }

  async find(orgId: string, inviteId: string) {
    await this.#migrate();
    const { rows } = await this.#pool.queryable.query(
      `SELECT ${columns} FROM ${table} WHERE org_id = $1 AND invite_id = $2`,
      [orgId, inviteId],
    );
    const row = rows[0] as Row | undefined;
    return row && sentInvite(row);
  }

  async forget(orgId: string, inviteId: string) {
    await this.#migrate();
    await this.#pool.queryable.query(`DELETE FROM ${table} WHERE org_id = $1 AND invite_id = $2`, [
      orgId,
      inviteId,
    ]);
  }

  /** Ends the pool when the store opened it from a connection string. */
  close() {
    return this.#pool.close();
  }
}
