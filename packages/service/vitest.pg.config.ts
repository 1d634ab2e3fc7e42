import { defineProject } from 'vitest/config';

/**
 * The service's HTTP suite again, with every test service's data in PostgreSQL instead of SQLite
 * (test/harness.ts: one embedded server per test file, a database per service). The store's own contract
 * suites (src/) already run on both databases in the `service` project, so they are not repeated here.
 */
export default defineProject({
  test: {
    name: 'service-pg',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    env: { SPLICE_TEST_POSTGRES: '1' },
    hookTimeout: 60_000,
    // Read tests wait (up to 20 s) for backfills and deliveries; vitest's 5 s default cuts them short on a
    // loaded machine. A project does not inherit the root config's timeout.
    testTimeout: 30_000,
  },
});
