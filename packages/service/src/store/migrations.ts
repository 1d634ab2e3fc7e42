/**
 * Schema migrations of the durable store, applied in order by `openDatabase`.
 *
 * The database's `PRAGMA user_version` records how many entries of `migrations` have run, so an entry is
 * never edited once released: a change is a new entry appended at the end. Each entry runs in its own
 * transaction together with the bump of `user_version`, so a crash leaves either the old or the new schema.
 *
 * JSON payloads (integration content, installation config, connection credentials) are TEXT columns holding
 * `JSON.stringify` output; timestamps are ISO 8601 TEXT, which sorts chronologically.
 */
export const migrations: readonly string[] = [
  // 1: the initial schema.
  `
  CREATE TABLE orgs (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    create_time TEXT NOT NULL
  );

  CREATE TABLE projects (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    create_time TEXT NOT NULL
  );

  CREATE TABLE integrations (
    id           TEXT PRIMARY KEY,
    project_id   TEXT NOT NULL REFERENCES projects (id),
    name         TEXT NOT NULL,
    provider     TEXT NOT NULL,
    create_time  TEXT NOT NULL,
    update_time  TEXT,
    revision_id  TEXT NOT NULL,
    spec_version TEXT NOT NULL,
    content      TEXT NOT NULL,
    UNIQUE (project_id, name)
  );

  CREATE TABLE groups (
    project_id  TEXT NOT NULL REFERENCES projects (id),
    group_ref   TEXT NOT NULL,
    group_name  TEXT NOT NULL,
    create_time TEXT NOT NULL,
    update_time TEXT,
    PRIMARY KEY (project_id, group_ref)
  );

  CREATE TABLE connections (
    id           TEXT PRIMARY KEY,
    project_id   TEXT NOT NULL,
    provider     TEXT NOT NULL,
    group_ref    TEXT NOT NULL,
    consumer_ref TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('created', 'working', 'bad_credentials')),
    auth_scheme  TEXT NOT NULL,
    is_default   INTEGER NOT NULL CHECK (is_default IN (0, 1)),
    create_time  TEXT NOT NULL,
    update_time  TEXT,
    credentials  TEXT NOT NULL,
    FOREIGN KEY (project_id, group_ref) REFERENCES groups (project_id, group_ref)
  );
  CREATE INDEX connections_by_group ON connections (project_id, group_ref);
  -- At most one default connection per group and provider: the fallback when a create names none.
  CREATE UNIQUE INDEX connections_one_default ON connections (project_id, group_ref, provider) WHERE is_default = 1;

  CREATE TABLE installations (
    id                    TEXT PRIMARY KEY,
    project_id            TEXT NOT NULL,
    integration_id        TEXT NOT NULL REFERENCES integrations (id),
    group_ref             TEXT NOT NULL,
    connection_id         TEXT NOT NULL REFERENCES connections (id),
    health_status         TEXT NOT NULL,
    last_operation_status TEXT,
    create_time           TEXT NOT NULL,
    update_time           TEXT,
    created_by            TEXT NOT NULL,
    config                TEXT NOT NULL,
    -- A group installs an integration once; the second create is a 409.
    UNIQUE (project_id, integration_id, group_ref),
    FOREIGN KEY (project_id, group_ref) REFERENCES groups (project_id, group_ref)
  );

  CREATE TABLE invites (
    id            TEXT PRIMARY KEY,
    org_id        TEXT NOT NULL REFERENCES orgs (id),
    invited_email TEXT NOT NULL,
    parent_type   TEXT NOT NULL CHECK (parent_type = 'org'),
    parent_id     TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
    create_time   TEXT NOT NULL,
    update_time   TEXT NOT NULL
  );
  CREATE INDEX invites_by_org ON invites (org_id, create_time);
  `,
  // 2: the OAuth connect flow. `oauth_flows` is the service's side (one row per URL handed out, found by
  // the hash of its `state`); the `sandbox_oauth_*` tables are the sandbox provider's own authorization
  // server (codes and tokens, kept as hashes only, as a provider keeps them).
  `
  CREATE TABLE oauth_flows (
    state_hash     TEXT PRIMARY KEY,
    project_id     TEXT NOT NULL REFERENCES projects (id),
    provider       TEXT NOT NULL,
    group_ref      TEXT NOT NULL,
    group_name     TEXT NOT NULL,
    consumer_ref   TEXT NOT NULL,
    consumer_name  TEXT NOT NULL,
    connection_id  TEXT,
    redirect_url   TEXT,
    code_verifier  TEXT NOT NULL,
    create_time    TEXT NOT NULL,
    expire_time    TEXT NOT NULL,
    used_time      TEXT
  );

  CREATE TABLE sandbox_oauth_codes (
    code_hash      TEXT PRIMARY KEY,
    client_id      TEXT NOT NULL,
    redirect_uri   TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    account        TEXT NOT NULL,
    scope          TEXT NOT NULL,
    expire_time    TEXT NOT NULL,
    used_time      TEXT
  );

  CREATE TABLE sandbox_oauth_tokens (
    token_hash   TEXT PRIMARY KEY,
    kind         TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    account      TEXT NOT NULL,
    scope        TEXT NOT NULL,
    create_time  TEXT NOT NULL,
    expire_time  TEXT,
    revoked_time TEXT
  );
  `,
  // 3: destinations and the read engine's durable state (issue "Installations that run"). Delivered
  // messages are deleted, so the deliveries table holds only what is still owed to a receiver.
  `
  CREATE TABLE destinations (
    id              TEXT PRIMARY KEY,
    project_id      TEXT NOT NULL REFERENCES projects (id),
    name            TEXT NOT NULL,
    type            TEXT NOT NULL CHECK (type = 'webhook'),
    metadata        TEXT NOT NULL,
    signing_secret  TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('enabled', 'disabled')),
    disabled_reason TEXT,
    disabled_time   TEXT,
    failing_since   TEXT,
    last_error      TEXT,
    create_time     TEXT NOT NULL,
    update_time     TEXT,
    UNIQUE (project_id, name)
  );

  -- Which config of an installation the engine has planned reads for: a new installation (or, later, a new
  -- config) has no row here yet, so a crash between the installation's insert and the planning loses nothing.
  CREATE TABLE read_plans (
    installation_id TEXT PRIMARY KEY REFERENCES installations (id) ON DELETE CASCADE,
    config_id       TEXT NOT NULL,
    plan_time       TEXT NOT NULL
  );

  CREATE TABLE read_objects (
    installation_id  TEXT NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
    object_name      TEXT NOT NULL,
    paused           INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
    pause_note       TEXT,
    schedule         TEXT,
    next_run_time    INTEGER,
    cursor_time      TEXT,
    last_run_time    TEXT,
    last_run_status  TEXT,
    records_delivered INTEGER NOT NULL DEFAULT 0,
    backfill_operation_id TEXT,
    PRIMARY KEY (installation_id, object_name)
  );
  CREATE INDEX read_objects_due ON read_objects (next_run_time) WHERE paused = 0 AND next_run_time IS NOT NULL;

  CREATE TABLE read_operations (
    seq               INTEGER PRIMARY KEY AUTOINCREMENT,
    id                TEXT NOT NULL UNIQUE,
    project_id        TEXT NOT NULL,
    integration_id    TEXT NOT NULL,
    installation_id   TEXT NOT NULL,
    config_id         TEXT NOT NULL,
    object_name       TEXT NOT NULL,
    read_type         TEXT NOT NULL CHECK (read_type IN ('backfill', 'scheduled', 'triggered')),
    status            TEXT NOT NULL CHECK (status IN ('in_progress', 'success', 'failure')),
    phase             TEXT NOT NULL CHECK (phase IN ('reading', 'delivering', 'done')),
    since_time        TEXT,
    until_time        TEXT NOT NULL,
    after_id          INTEGER NOT NULL DEFAULT 0,
    records_processed INTEGER NOT NULL DEFAULT 0,
    records_estimated_total INTEGER,
    records_delivered INTEGER NOT NULL DEFAULT 0,
    messages_total    INTEGER NOT NULL DEFAULT 0,
    messages_delivered INTEGER NOT NULL DEFAULT 0,
    messages_failed   INTEGER NOT NULL DEFAULT 0,
    errors            TEXT NOT NULL DEFAULT '[]',
    result            TEXT,
    scheduled_time    TEXT,
    create_time       TEXT NOT NULL,
    update_time       TEXT NOT NULL,
    end_time          TEXT
  );
  CREATE INDEX read_operations_by_installation ON read_operations (installation_id, seq);
  CREATE INDEX read_operations_active ON read_operations (installation_id, object_name, seq) WHERE phase != 'done';

  CREATE TABLE deliveries (
    seq               INTEGER PRIMARY KEY AUTOINCREMENT,
    id                TEXT NOT NULL UNIQUE,
    operation_id      TEXT NOT NULL,
    project_id        TEXT NOT NULL,
    installation_id   TEXT NOT NULL,
    object_name       TEXT NOT NULL,
    destination_name  TEXT NOT NULL,
    body              TEXT NOT NULL,
    num_records       INTEGER NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('pending', 'failed')),
    attempts          INTEGER NOT NULL DEFAULT 0,
    next_attempt_time INTEGER NOT NULL,
    first_attempt_time INTEGER,
    last_error        TEXT,
    create_time       TEXT NOT NULL
  );
  CREATE INDEX deliveries_pending ON deliveries (installation_id, object_name, seq) WHERE status = 'pending';
  CREATE INDEX deliveries_by_operation ON deliveries (operation_id, status);
  `,
  // 4: updateInstallation keeps every config an installation had (issue "Manage an installation"): one row
  // per replaced config, written in the update's transaction. They go with their installation.
  `
  CREATE TABLE installation_revisions (
    config_id       TEXT PRIMARY KEY,
    installation_id TEXT NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
    connection_id   TEXT NOT NULL,
    config          TEXT NOT NULL,
    replaced_time   TEXT NOT NULL
  );
  CREATE INDEX installation_revisions_by_installation ON installation_revisions (installation_id, replaced_time);
  `,
  // 5: claims of the read engine's work, used on PostgreSQL only, where several service instances share the
  // reads (see reads/pg-operation-store.ts); one process needs none. Added here too so both databases keep
  // the same columns.
  `
  ALTER TABLE read_operations ADD COLUMN claim_owner TEXT;
  ALTER TABLE read_operations ADD COLUMN claim_until INTEGER;
  ALTER TABLE deliveries ADD COLUMN claim_owner TEXT;
  ALTER TABLE deliveries ADD COLUMN claim_until INTEGER;
  `,
  // 6: a project's display name (the builder's app name people see, e.g. on a consent page); `name` stays
  // the address in paths.
  `
  ALTER TABLE projects ADD COLUMN display_name TEXT;
  `,
];
