/**
 * One refresh of a connection at a time across every process sharing its store. With rotating refresh
 * tokens, two instances refreshing with the same refresh token look to the provider like a stolen token
 * replayed, and it revokes the grant. So a refresh is claimed first (a lease in the connection's row): the
 * claimant refreshes and stores the rotated tokens; every other process polls the stored tokens until they
 * change, and uses them. A claimant that dies mid-refresh holds the lease only until it lapses; then
 * another takes it over.
 *
 * What a lapsed lease cannot tell is whether the dead claimant's refresh reached the provider. If it did,
 * the provider has already rotated, and the successor's refresh presents the token the provider just
 * retired. Rotating providers (Okta, Auth0, and the emulators with `refreshGraceMs`) accept the immediately
 * previous refresh token for a short grace while its successor was never presented; the lease must be
 * shorter than that grace. A provider without grace revokes the grant then, and the user must reconnect.
 */
import { randomUUID } from 'node:crypto';
import { ProviderError } from './provider-error.js';
import type { ConnectionTokenSource, ConnectionTokens } from './provider-http.js';

/** This process's name in refresh claims. */
export const refreshClaimOwner = `${process.pid}-${randomUUID()}`;

export interface RefreshClaimTiming {
  /** This process's name in claims (default `refreshClaimOwner`). */
  owner: string;
  /** How long a claim holds: the longest a crashed claimant blocks the connection (default 20 s). */
  leaseMs: number;
  /** How often a process waiting for another's refresh looks at the stored tokens (default 200 ms). */
  pollMs: number;
  now: () => number;
}

export const defaultRefreshClaimTiming: Omit<RefreshClaimTiming, 'now'> = {
  owner: refreshClaimOwner,
  leaseMs: 20_000,
  pollMs: 200,
};

export const sameTokens = (a: ConnectionTokens, b: ConnectionTokens): boolean =>
  a.accessToken === b.accessToken && a.refreshToken === b.refreshToken;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `refresh` of the `stale` tokens while holding the connection's claim, or answers the tokens another
 * process stored meanwhile. Without claims in the source it runs `refresh` at once. Waiting for another's
 * refresh is bounded by two leases: after one the lease has lapsed and is taken over, and a process that
 * cannot take it within two says the provider's token endpoint is unavailable (the read retries later).
 */
export async function claimedRefresh(
  source: ConnectionTokenSource,
  stale: ConnectionTokens,
  provider: string,
  timing: RefreshClaimTiming,
  refresh: () => Promise<ConnectionTokens>,
): Promise<ConnectionTokens> {
  const claims = source.refreshClaims;
  if (!claims) return refresh();
  const giveUpAt = timing.now() + 2 * timing.leaseMs;
  for (;;) {
    const now = timing.now();
    if (await claims.claim(timing.owner, now + timing.leaseMs, now)) {
      try {
        // Another process may have refreshed between our read and our claim: its tokens are the current ones.
        const current = await source.current();
        if (!sameTokens(current, stale)) return current;
        return await refresh();
      } finally {
        await claims.release(timing.owner).catch(() => undefined);
      }
    }
    await sleep(timing.pollMs);
    const current = await source.current();
    if (!sameTokens(current, stale)) return current;
    if (timing.now() >= giveUpAt) {
      throw new ProviderError(
        'unavailable',
        `${provider}'s tokens are being refreshed by another instance that has not finished; try again later.`,
        { provider },
      );
    }
  }
}
