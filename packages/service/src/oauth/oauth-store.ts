import type { Database, Statement } from 'better-sqlite3';

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
}

/** An authorization code as the sandbox provider keeps it. */
export interface SandboxCode {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  account: string;
  scope: string;
  expireTime: string;
  usedTime: string | null;
}

export interface SandboxToken {
  tokenHash: string;
  kind: 'access' | 'refresh';
  account: string;
  scope: string;
  createTime: string;
  expireTime: string | null;
  revokedTime: string | null;
}

/**
 * The OAuth flow's rows. Separate from `Repository` because the sandbox provider's tables are not part of
 * the integration service's model; the flow table is, and would move to a PostgreSQL store with it.
 * "Use once" is one conditional UPDATE, so two racing callbacks cannot both win.
 */
export interface OAuthStore {
  insertFlow(flow: OAuthFlow): void;
  getFlow(stateHash: string): OAuthFlow | undefined;
  /** True for the one caller that marks the flow used; false when it was used already. */
  useFlow(stateHash: string, usedTime: string): boolean;
  insertCode(code: SandboxCode): void;
  getCode(codeHash: string): SandboxCode | undefined;
  useCode(codeHash: string, usedTime: string): boolean;
  insertToken(token: SandboxToken): void;
  getToken(tokenHash: string): SandboxToken | undefined;
  revokeToken(tokenHash: string, revokedTime: string): void;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
function fromRow<T>(row: Record<string, unknown> | undefined): T | undefined {
  if (!row) return undefined;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v])) as T;
}

export class SqliteOAuthStore implements OAuthStore {
  readonly #db: Database;
  readonly #statements = new Map<string, Statement>();

  constructor(db: Database) {
    this.#db = db;
  }

  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  insertFlow(flow: OAuthFlow): void {
    this.#statement(
      `INSERT INTO oauth_flows (state_hash, project_id, provider, group_ref, group_name, consumer_ref,
         consumer_name, connection_id, redirect_url, code_verifier, create_time, expire_time, used_time)
       VALUES (@stateHash, @projectId, @provider, @groupRef, @groupName, @consumerRef, @consumerName,
         @connectionId, @redirectUrl, @codeVerifier, @createTime, @expireTime, @usedTime)`,
    ).run(flow);
  }

  getFlow(stateHash: string): OAuthFlow | undefined {
    return fromRow<OAuthFlow>(
      this.#statement('SELECT * FROM oauth_flows WHERE state_hash = ?').get(stateHash) as
        | Record<string, unknown>
        | undefined,
    );
  }

  useFlow(stateHash: string, usedTime: string): boolean {
    return (
      this.#statement('UPDATE oauth_flows SET used_time = ? WHERE state_hash = ? AND used_time IS NULL').run(
        usedTime,
        stateHash,
      ).changes === 1
    );
  }

  insertCode(code: SandboxCode): void {
    this.#statement(
      `INSERT INTO sandbox_oauth_codes (code_hash, client_id, redirect_uri, code_challenge, account, scope,
         expire_time, used_time)
       VALUES (@codeHash, @clientId, @redirectUri, @codeChallenge, @account, @scope, @expireTime, @usedTime)`,
    ).run(code);
  }

  getCode(codeHash: string): SandboxCode | undefined {
    return fromRow<SandboxCode>(
      this.#statement('SELECT * FROM sandbox_oauth_codes WHERE code_hash = ?').get(codeHash) as
        | Record<string, unknown>
        | undefined,
    );
  }

  useCode(codeHash: string, usedTime: string): boolean {
    return (
      this.#statement(
        'UPDATE sandbox_oauth_codes SET used_time = ? WHERE code_hash = ? AND used_time IS NULL',
      ).run(usedTime, codeHash).changes === 1
    );
  }

  insertToken(token: SandboxToken): void {
    this.#statement(
      `INSERT INTO sandbox_oauth_tokens (token_hash, kind, account, scope, create_time, expire_time, revoked_time)
       VALUES (@tokenHash, @kind, @account, @scope, @createTime, @expireTime, @revokedTime)`,
    ).run(token);
  }

  getToken(tokenHash: string): SandboxToken | undefined {
    return fromRow<SandboxToken>(
      this.#statement('SELECT * FROM sandbox_oauth_tokens WHERE token_hash = ?').get(tokenHash) as
        | Record<string, unknown>
        | undefined,
    );
  }

  revokeToken(tokenHash: string, revokedTime: string): void {
    this.#statement(
      'UPDATE sandbox_oauth_tokens SET revoked_time = ? WHERE token_hash = ? AND revoked_time IS NULL',
    ).run(revokedTime, tokenHash);
  }
}
