/**
 * The PostgreSQL schema: an entry for each SQLite migration of `../migrations.ts`, in the same order and naming
 * it (same tables, same column names, so every entity's `Table` maps rows the same way on both databases),
 * and between them entries that only PostgreSQL needs (storage settings), which say so. Applied in order by `migratePostgres`;
 * like SQLite's, an entry is never edited once released: a change is a new entry appended at the end.
 *
 * Types, chosen once for every table:
 * - timestamps stay ISO 8601 `text`, as on SQLite: versions (`updateTime`) are compared as exact strings, and
 *   millisecond ISO text sorts chronologically; `timestamptz` would come back as Dates, rounded differently.
 * - JSON payloads are `jsonb` (node-postgres parses them on the way out), except a delivery's `body`: the
 *   exact bytes that are signed and sent, so `text`.
 * - flags are `boolean`; epoch-millisecond times, counters and sequence numbers `bigint` (read as numbers,
 *   see `openPgPool`); SQLite's AUTOINCREMENT keys are identity columns.
 */
export const pgMigrations: readonly string[] = [
  // 1: the initial schema (SQLite migration 1).
  `
  CREATE TABLE orgs (
    id          text PRIMARY KEY,
    name        text NOT NULL,
    create_time text NOT NULL
  );

  CREATE TABLE projects (
    id          text PRIMARY KEY,
    name        text NOT NULL UNIQUE,
    create_time text NOT NULL
  );

  CREATE TABLE integrations (
    id           text PRIMARY KEY,
    project_id   text NOT NULL REFERENCES projects (id),
    name         text NOT NULL,
    provider     text NOT NULL,
    create_time  text NOT NULL,
    update_time  text,
    revision_id  text NOT NULL,
    spec_version text NOT NULL,
    content      jsonb NOT NULL,
    UNIQUE (project_id, name)
  );

  CREATE TABLE groups (
    project_id  text NOT NULL REFERENCES projects (id),
    group_ref   text NOT NULL,
    group_name  text NOT NULL,
    create_time text NOT NULL,
    update_time text,
    PRIMARY KEY (project_id, group_ref)
  );

  CREATE TABLE connections (
    id           text PRIMARY KEY,
    project_id   text NOT NULL,
    provider     text NOT NULL,
    group_ref    text NOT NULL,
    consumer_ref text NOT NULL,
    status       text NOT NULL CHECK (status IN ('created', 'working', 'bad_credentials')),
    auth_scheme  text NOT NULL,
    is_default   boolean NOT NULL,
    create_time  text NOT NULL,
    update_time  text,
    credentials  jsonb NOT NULL,
    FOREIGN KEY (project_id, group_ref) REFERENCES groups (project_id, group_ref)
  );
  CREATE INDEX connections_by_group ON connections (project_id, group_ref);
  -- At most one default connection per group and provider: the fallback when a create names none.
  CREATE UNIQUE INDEX connections_one_default ON connections (project_id, group_ref, provider) WHERE is_default;

  CREATE TABLE installations (
    id                    text PRIMARY KEY,
    project_id            text NOT NULL,
    integration_id        text NOT NULL REFERENCES integrations (id),
    group_ref             text NOT NULL,
    connection_id         text NOT NULL REFERENCES connections (id),
    health_status         text NOT NULL,
    last_operation_status text,
    create_time           text NOT NULL,
    update_time           text,
    created_by            text NOT NULL,
    config                jsonb NOT NULL,
    -- A group installs an integration once; the second create is a 409.
    UNIQUE (project_id, integration_id, group_ref),
    FOREIGN KEY (project_id, group_ref) REFERENCES groups (project_id, group_ref)
  );
  -- PostgreSQL does not index the referring side of a foreign key; deletes of a connection look here.
  CREATE INDEX installations_by_connection ON installations (connection_id);

  CREATE TABLE invites (
    id            text PRIMARY KEY,
    org_id        text NOT NULL REFERENCES orgs (id),
    invited_email text NOT NULL,
    parent_type   text NOT NULL CHECK (parent_type = 'org'),
    parent_id     text NOT NULL,
    status        text NOT NULL CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
    create_time   text NOT NULL,
    update_time   text NOT NULL
  );
  CREATE INDEX invites_by_org ON invites (org_id, create_time);
  `,
  // 2: the OAuth connect flow (SQLite migration 2): the service's flows, and the sandbox provider's own
  // authorization server (codes and tokens, kept as hashes only).
  `
  CREATE TABLE oauth_flows (
    state_hash     text PRIMARY KEY,
    project_id     text NOT NULL REFERENCES projects (id),
    provider       text NOT NULL,
    group_ref      text NOT NULL,
    group_name     text NOT NULL,
    consumer_ref   text NOT NULL,
    consumer_name  text NOT NULL,
    connection_id  text,
    redirect_url   text,
    code_verifier  text NOT NULL,
    create_time    text NOT NULL,
    expire_time    text NOT NULL,
    used_time      text
  );

  CREATE TABLE sandbox_oauth_codes (
    code_hash      text PRIMARY KEY,
    client_id      text NOT NULL,
    redirect_uri   text NOT NULL,
    code_challenge text NOT NULL,
    account        text NOT NULL,
    scope          text NOT NULL,
    expire_time    text NOT NULL,
    used_time      text
  );

  CREATE TABLE sandbox_oauth_tokens (
    token_hash   text PRIMARY KEY,
    kind         text NOT NULL CHECK (kind IN ('access', 'refresh')),
    account      text NOT NULL,
    scope        text NOT NULL,
    create_time  text NOT NULL,
    expire_time  text,
    revoked_time text
  );
  `,
  // 3: destinations and the read engine's durable state (SQLite migration 3).
  `
  CREATE TABLE destinations (
    id              text PRIMARY KEY,
    project_id      text NOT NULL REFERENCES projects (id),
    name            text NOT NULL,
    type            text NOT NULL CHECK (type = 'webhook'),
    metadata        jsonb NOT NULL,
    signing_secret  text NOT NULL,
    status          text NOT NULL CHECK (status IN ('enabled', 'disabled')),
    disabled_reason text,
    disabled_time   text,
    failing_since   text,
    last_error      text,
    create_time     text NOT NULL,
    update_time     text,
    UNIQUE (project_id, name)
  );

  CREATE TABLE read_plans (
    installation_id text PRIMARY KEY REFERENCES installations (id) ON DELETE CASCADE,
    config_id       text NOT NULL,
    plan_time       text NOT NULL
  );

  CREATE TABLE read_objects (
    installation_id   text NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
    object_name       text NOT NULL,
    paused            boolean NOT NULL DEFAULT false,
    pause_note        text,
    schedule          text,
    next_run_time     bigint,
    cursor_time       text,
    last_run_time     text,
    last_run_status   text,
    records_delivered bigint NOT NULL DEFAULT 0,
    backfill_operation_id text,
    PRIMARY KEY (installation_id, object_name)
  );
  CREATE INDEX read_objects_due ON read_objects (next_run_time) WHERE NOT paused AND next_run_time IS NOT NULL;

  CREATE TABLE read_operations (
    seq               bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    id                text NOT NULL UNIQUE,
    project_id        text NOT NULL,
    integration_id    text NOT NULL,
    installation_id   text NOT NULL,
    config_id         text NOT NULL,
    object_name       text NOT NULL,
    read_type         text NOT NULL CHECK (read_type IN ('backfill', 'scheduled', 'triggered')),
    status            text NOT NULL CHECK (status IN ('in_progress', 'success', 'failure')),
    phase             text NOT NULL CHECK (phase IN ('reading', 'delivering', 'done')),
    since_time        text,
    until_time        text NOT NULL,
    after_id          bigint NOT NULL DEFAULT 0,
    records_processed bigint NOT NULL DEFAULT 0,
    records_estimated_total bigint,
    records_delivered bigint NOT NULL DEFAULT 0,
    messages_total    bigint NOT NULL DEFAULT 0,
    messages_delivered bigint NOT NULL DEFAULT 0,
    messages_failed   bigint NOT NULL DEFAULT 0,
    errors            jsonb NOT NULL DEFAULT '[]',
    result            jsonb,
    scheduled_time    text,
    create_time       text NOT NULL,
    update_time       text NOT NULL,
    end_time          text
  );
  CREATE INDEX read_operations_by_installation ON read_operations (installation_id, seq);
  CREATE INDEX read_operations_active ON read_operations (installation_id, object_name, seq) WHERE phase <> 'done';

  CREATE TABLE deliveries (
    seq               bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    id                text NOT NULL UNIQUE,
    operation_id      text NOT NULL,
    project_id        text NOT NULL,
    installation_id   text NOT NULL,
    object_name       text NOT NULL,
    destination_name  text NOT NULL,
    body              text NOT NULL,
    num_records       integer NOT NULL,
    status            text NOT NULL CHECK (status IN ('pending', 'failed')),
    attempts          integer NOT NULL DEFAULT 0,
    next_attempt_time bigint NOT NULL,
    first_attempt_time bigint,
    last_error        text,
    create_time       text NOT NULL
  );
  CREATE INDEX deliveries_pending ON deliveries (installation_id, object_name, seq) WHERE status = 'pending';
  CREATE INDEX deliveries_by_operation ON deliveries (operation_id, status);
  `,
  // 4: the configs an update replaced (SQLite migration 4).
  `
  CREATE TABLE installation_revisions (
    config_id       text PRIMARY KEY,
    installation_id text NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
    connection_id   text NOT NULL,
    config          jsonb NOT NULL,
    replaced_time   text NOT NULL
  );
  CREATE INDEX installation_revisions_by_installation ON installation_revisions (installation_id, replaced_time);
  `,
  // 5: claims of the read engine's work (SQLite migration 5; only PostgreSQL uses them). An instance holds a
  // stream's head operation or a message it sends until `claim_until` (epoch ms, the database's clock); a
  // claim that expires (its instance died) is taken over. See reads/pg-operation-store.ts.
  `
  ALTER TABLE read_operations ADD COLUMN claim_owner text, ADD COLUMN claim_until bigint;
  -- An operation's result is a sentence, not JSON (text on SQLite too).
  ALTER TABLE read_operations ALTER COLUMN result TYPE text;
  ALTER TABLE deliveries ADD COLUMN claim_owner text, ADD COLUMN claim_until bigint;
  `,
  // 6 (PostgreSQL only): a delivery's body is stored as it is, not compressed. A row lives from its page's
  // commit until the receiver's answer (then it is deleted), so compressing each 300 KB body was CPU spent
  // for nothing: a fifth of the database's CPU in a backfill. It applies to rows written from now on.
  `
  ALTER TABLE deliveries ALTER COLUMN body SET STORAGE EXTERNAL;
  `,
  // 7: a project's display name (SQLite migration 6).
  `
  ALTER TABLE projects ADD COLUMN display_name text;
  `,
];
