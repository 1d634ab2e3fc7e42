export type { RunningPostgres, StartPostgresOptions } from './start-postgres.js';
export { startPostgres } from './start-postgres.js';
