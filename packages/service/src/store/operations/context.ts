import type { StoreAccess } from '../access.js';
import type { BodyCache } from './body-cache.js';
import type { OperationDialect } from './dialect.js';

/** What every part of the operation store works with: the database, its dialect, this process's bodies. */
export interface OperationTables {
  readonly db: StoreAccess;
  readonly dialect: OperationDialect;
  readonly bodies: BodyCache;
}
