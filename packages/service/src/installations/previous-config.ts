import type { PreviousConfig as PreviousConfigAnswer } from '@splice/schema';
import type { PreviousConfigKeeping, Repository } from '../store/index.js';

/**
 * How long an uninstalled installation's config is offered to a reinstall: 30 days covers a trial that
 * lapses and is renewed within the month, or a customer who uninstalls to switch accounts and comes back;
 * past that the provider's fields and the builder's manifest have likely moved on, and a customer who has
 * left should not find their choices kept indefinitely.
 */
export const previousConfigRetentionMs = 30 * 24 * 60 * 60 * 1000;

/** What a delete at `uninstallTime` keeps, and which older kept configs it forgets meanwhile. */
export function previousConfigKeeping(uninstallTime: Date): PreviousConfigKeeping {
  return {
    uninstallTime: uninstallTime.toISOString(),
    forgetBefore: new Date(uninstallTime.getTime() - previousConfigRetentionMs).toISOString(),
  };
}

/** The group's previous config of the integration while it is still offered, as the extension answers it. */
export async function findPreviousConfig(
  repo: Repository,
  key: { projectId: string; integrationId: string; groupRef: string },
  now: Date,
): Promise<PreviousConfigAnswer | undefined> {
  const kept = await repo.getPreviousConfig(
    key,
    new Date(now.getTime() - previousConfigRetentionMs).toISOString(),
  );
  if (!kept) return undefined;
  return {
    content: kept.content,
    uninstallTime: kept.uninstallTime,
    expireTime: new Date(Date.parse(kept.uninstallTime) + previousConfigRetentionMs).toISOString(),
  };
}
