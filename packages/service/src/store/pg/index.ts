/** The service's PostgreSQL foundation: the pool, queries with the store's typed errors, the migrations. */
export type { MigrateResult } from './migrate.js';
export { migratePostgres } from './migrate.js';
export { PgAccess } from './pg-access.js';
export { PgRepository } from './pg-repository.js';
export type { PgPool, PgPoolOptions } from './pool.js';
export { databaseUrlFromEnv, databaseUrlVariable, openPgPool } from './pool.js';
export type { ConstraintContext, PgQueryable } from './query.js';
export { isConnectionFailure, pgQuery, translatePgError, unavailableStore } from './query.js';
