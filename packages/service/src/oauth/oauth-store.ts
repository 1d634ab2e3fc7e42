import type { Database } from 'better-sqlite3';
import type { StoreAccess } from '../store/access.js';
import { PgAccess } from '../store/pg/pg-access.js';
import type { PgPool } from '../store/pg/pool.js';
import { SqliteAccess } from '../store/sqlite-access.js';
import type { Table } from '../store/table.js';

/** One URL handed out by oauth-connect or oauth-update, found again by the hash of its `state`. */
export interface OAuthFlow {
  stateHash: string;
  projectId: string;
  provider: string;
  groupRef: string;
  groupName: string;
  consumerRef: string;
  consumerName: string;
  /** Set for oauth-update: the connection the flow refreshes. */
  connectionId: string | null;
  redirectUrl: string | null;
  /** The PKCE verifier, sealed (see SecretBox). */
  codeVerifier: string;
  createTime: string;
  expireTime: string;
  usedTime: string | null;
  /**
   * The SHA-256 of the starting browser's secret (`browserBinding`): set, the callback holds the result
   * and only `oauth-connect/complete` with that secret saves it.
   */
  browserBinding: string | null;
  /** The callback's result while it waits for the browser's secret: the sealed tokens. */
  heldCredentials: string | null;
  /** The hash of the value the callback added to `redirectUrl` to find the held result again. */
  completionHash: string | null;
  /** When the held result was saved or dropped: it is spent either way. */
  completeTime: string | null;
}

/**
 * The OAuth flow's rows, apart from `Repository`: a flow is the connect step's short-lived state, not part
 * of the integration service's model. Kept in the service's database (SQLite or PostgreSQL) so that a
 * callback reaching another instance than the one that handed the URL out still finds its flow.
 * "Use once" is one conditional UPDATE, so two racing callbacks cannot both win.
 */
export interface OAuthStore {
  insertFlow(flow: OAuthFlow): Promise<void>;
  getFlow(stateHash: string): Promise<OAuthFlow | undefined>;
  /** True for the one caller that marks the flow used; false when it was used already. */
  useFlow(stateHash: string, usedTime: string): Promise<boolean>;
  /** Keeps a bound flow's result (sealed tokens) until its browser completes it. */
  holdResult(stateHash: string, completionHash: string, heldCredentials: string): Promise<void>;
  getFlowByCompletion(completionHash: string): Promise<OAuthFlow | undefined>;
  /** True for the one caller that spends the held result (its tokens are erased); false when spent already. */
  spendHeldResult(completionHash: string, completeTime: string): Promise<boolean>;
}

// Nullable fields are declared as such on the records: `toEntity` leaves them out, these put the nulls back.
const flows: Table<OAuthFlow> = {
  name: 'oauth_flows',
  columns: {
    stateHash: 'text',
    projectId: 'text',
    provider: 'text',
    groupRef: 'text',
    groupName: 'text',
    consumerRef: 'text',
    consumerName: 'text',
    connectionId: 'text',
    redirectUrl: 'text',
    codeVerifier: 'text',
    createTime: 'text',
    expireTime: 'text',
    usedTime: 'text',
    browserBinding: 'text',
    heldCredentials: 'text',
    completionHash: 'text',
    completeTime: 'text',
  },
};
const flowNulls: Partial<OAuthFlow> = {
  connectionId: null,
  redirectUrl: null,
  usedTime: null,
  browserBinding: null,
  heldCredentials: null,
  completionHash: null,
  completeTime: null,
};
const withNulls = <T>(record: T, nulls: Partial<T>): T => ({ ...nulls, ...record });

/** The queries, on whichever database `db` reaches. */
class StoredOAuth implements OAuthStore {
  constructor(private readonly db: StoreAccess) {}

  async insertFlow(flow: OAuthFlow) {
    await this.db.insert(flows, flow, 'an OAuth flow with this state exists');
  }

  async getFlow(stateHash: string) {
    const flow = await this.db.get(flows, 'SELECT * FROM oauth_flows WHERE state_hash = ?', stateHash);
    return flow && withNulls(flow, flowNulls);
  }

  async holdResult(stateHash: string, completionHash: string, heldCredentials: string) {
    await this.db.change(
      'UPDATE oauth_flows SET completion_hash = ?, held_credentials = ? WHERE state_hash = ?',
      completionHash,
      heldCredentials,
      stateHash,
    );
  }

  async getFlowByCompletion(completionHash: string) {
    const flow = await this.db.get(
      flows,
      'SELECT * FROM oauth_flows WHERE completion_hash = ?',
      completionHash,
    );
    return flow && withNulls(flow, flowNulls);
  }

  async spendHeldResult(completionHash: string, completeTime: string) {
    const changed = await this.db.change(
      'UPDATE oauth_flows SET complete_time = ?, held_credentials = NULL WHERE completion_hash = ? AND complete_time IS NULL',
      completeTime,
      completionHash,
    );
    return changed === 1;
  }

  async useFlow(stateHash: string, usedTime: string) {
    const changed = await this.db.change(
      'UPDATE oauth_flows SET used_time = ? WHERE state_hash = ? AND used_time IS NULL',
      usedTime,
      stateHash,
    );
    return changed === 1;
  }
}

/** The OAuth rows in the service's SQLite database. */
export class SqliteOAuthStore extends StoredOAuth {
  constructor(db: Database) {
    super(new SqliteAccess(db));
  }
}

/** The OAuth rows in PostgreSQL, shared by every service instance. */
export class PgOAuthStore extends StoredOAuth {
  constructor(pool: PgPool) {
    super(new PgAccess(pool));
  }
}
