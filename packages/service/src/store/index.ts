/** The durable store: open the database, then read and write through the `Repository` interface. */
export { ConflictError, MissingReferenceError, StoreUnavailableError } from './errors.js';
export { migrations } from './migrations.js';
export type { Database } from './open-database.js';
export { databaseFileName, openDatabase, schemaVersion } from './open-database.js';
export type * from './repository.js';
export { SqliteRepository } from './sqlite-repository.js';
