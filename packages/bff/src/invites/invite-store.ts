/** Who sent an invite: recorded by the BFF when it creates one, since the service's invite names no group. */
export interface SentInvite {
  orgId: string;
  inviteId: string;
  /** The customer group the sender acted for: only this group sees and revokes the invite. */
  groupRef: string;
  /** The signed-in user who sent it. */
  consumerRef: string;
  /** When the BFF recorded it, epoch milliseconds. */
  sentAt: number;
}

/**
 * The invites each group sent. The service lists every invite of the organization, and several customer
 * groups share one organization, so the BFF narrows that list to the session's group with these records.
 * The in-memory store serves one process; `PostgresInviteStore` (`@splice/bff/postgres`) serves replicas.
 */
export interface InviteStore {
  record(invite: SentInvite): Promise<void>;
  /** The invites `groupRef` sent to `orgId`, newest first. */
  listSent(orgId: string, groupRef: string): Promise<SentInvite[]>;
  /** The record of one invite, or undefined when the BFF did not send it. */
  find(orgId: string, inviteId: string): Promise<SentInvite | undefined>;
  /** Drops the record of a revoked invite. */
  forget(orgId: string, inviteId: string): Promise<void>;
}

const keyOf = (orgId: string, inviteId: string) => JSON.stringify([orgId, inviteId]);

/**
 * An in-process store, bounded: when full, the oldest record goes first (its invite then no longer shows
 * for its group, and cannot be revoked through the BFF). A restart forgets every record.
 */
export class MemoryInviteStore implements InviteStore {
  readonly #records = new Map<string, SentInvite>();

  constructor(readonly maxEntries = 10_000) {}

  get size() {
    return this.#records.size;
  }

  async record(invite: SentInvite) {
    const key = keyOf(invite.orgId, invite.inviteId);
    this.#records.delete(key);
    for (const oldest of this.#records.keys()) {
      if (this.#records.size < this.maxEntries) break;
      this.#records.delete(oldest);
    }
    this.#records.set(key, { ...invite });
  }

  async listSent(orgId: string, groupRef: string) {
    const mine = [...this.#records.values()].filter((r) => r.orgId === orgId && r.groupRef === groupRef);
    return mine.sort((a, b) => b.sentAt - a.sentAt).map((r) => ({ ...r }));
  }

  async find(orgId: string, inviteId: string) {
    const found = this.#records.get(keyOf(orgId, inviteId));
    return found && { ...found };
  }

  async forget(orgId: string, inviteId: string) {
    this.#records.delete(keyOf(orgId, inviteId));
  }
}
