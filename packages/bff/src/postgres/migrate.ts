import type { PostgresQueryable } from './queryable.js';

export const idempotencyTable = 'splice_bff_idempotency';
export const rateLimitTable = 'splice_bff_rate_limit';
export const inviteTable = 'splice_bff_invites';

/**
 * The BFF's tables. Times are epoch milliseconds from the BFF's clock (`bigint`), as the in-memory
 * stores count them, so both implementations pass the same contract with the same fake clock.
 *
 * One simple-protocol query runs as one transaction; the advisory lock makes replicas that start together
 * wait for each other, since concurrent `CREATE TABLE IF NOT EXISTS` can still collide in the catalog.
 */
const statements = `
SELECT pg_advisory_xact_lock(hashtext('splice_bff_migrate'));
CREATE TABLE IF NOT EXISTS ${idempotencyTable} (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  status integer,
  headers jsonb,
  body text,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS ${idempotencyTable}_expires_at ON ${idempotencyTable} (expires_at);
CREATE TABLE IF NOT EXISTS ${rateLimitTable} (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS ${rateLimitTable}_reset_at ON ${rateLimitTable} (reset_at);
CREATE TABLE IF NOT EXISTS ${inviteTable} (
  org_id text NOT NULL,
  invite_id text NOT NULL,
  group_ref text NOT NULL,
  consumer_ref text NOT NULL,
  sent_at bigint NOT NULL,
  PRIMARY KEY (org_id, invite_id)
);
CREATE INDEX IF NOT EXISTS ${inviteTable}_group ON ${inviteTable} (org_id, group_ref, sent_at);
`;

/**
 * Creates the BFF's tables if they do not exist (idempotent, safe from several replicas at once). The
 * stores call it on first use; call it yourself at deploy time to give the BFF a role without CREATE.
 */
export async function migrateBffTables(db: PostgresQueryable): Promise<void> {
  await db.query(statements);
}

/** Runs `migrateBffTables` once per store, on its first query; a failed attempt is tried again next time. */
export function migrateOnce(db: PostgresQueryable, enabled: boolean) {
  let done: Promise<void> | undefined;
  return () => {
    if (!enabled) return Promise.resolve();
    done ??= migrateBffTables(db).catch((error: unknown) => {
      done = undefined;
      throw error;
    });
    return done;
  };
}
