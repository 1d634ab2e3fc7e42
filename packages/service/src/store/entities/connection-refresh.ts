/**
 * A connection's refresh claim: the one process allowed to refresh its tokens now. Taking it is one
 * conditional UPDATE (compare-and-set on the columns `refresh_owner`, `refresh_until`), so of several
 * instances that find the token expiring at once exactly one refreshes; the others wait for the tokens it
 * stores. A claim whose holder died (a SIGKILL mid-refresh) lapses at `refresh_until` and is taken over.
 * Times are epoch ms on the caller's clock: instances of one deployment are expected to agree within a
 * fraction of the lease.
 */
import type { StoreAccess } from '../access.js';

export async function claimConnectionRefresh(
  db: StoreAccess,
  projectId: string,
  id: string,
  owner: string,
  untilMs: number,
  nowMs: number,
): Promise<boolean> {
  const changed = await db.change(
    `UPDATE connections SET refresh_owner = ?, refresh_until = ?
     WHERE project_id = ? AND id = ?
       AND (refresh_owner IS NULL OR refresh_until IS NULL OR refresh_until <= ?)`,
    owner,
    untilMs,
    projectId,
    id,
    nowMs,
  );
  return changed === 1;
}

/** Ends `owner`'s claim; a claim another process took over meanwhile is left alone. */
export async function releaseConnectionRefresh(
  db: StoreAccess,
  projectId: string,
  id: string,
  owner: string,
): Promise<void> {
  await db.change(
    `UPDATE connections SET refresh_owner = NULL, refresh_until = NULL
     WHERE project_id = ? AND id = ? AND refresh_owner = ?`,
    projectId,
    id,
    owner,
  );
}
