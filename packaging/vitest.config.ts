import { defineProject } from 'vitest/config';

/**
 * Packs the packages and installs the tarballs with npm (compiling better-sqlite3), so it runs after every
 * other project (`groupOrder: 2`, after the reliability suite): its compile neither slows timed tests nor
 * competes with the reliability suite's measurements.
 */
export default defineProject({
  test: {
    name: 'packaging',
    environment: 'node',
    sequence: { groupOrder: 2 },
    testTimeout: 120_000,
    hookTimeout: 20 * 60_000,
  },
});
