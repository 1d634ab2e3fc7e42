export type { PostgresIdempotencyStoreOptions } from './idempotency-store.js';
export { PostgresIdempotencyStore } from './idempotency-store.js';
export { PostgresInviteStore } from './invite-store.js';
export { migrateBffTables } from './migrate.js';
export type { PostgresConnection, PostgresQueryable, PostgresStoreOptions } from './queryable.js';
export { PostgresRateLimitStore } from './rate-limit-store.js';
