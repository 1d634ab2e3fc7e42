import { defineProject } from 'vitest/config';

/**
 * Builds and packs the packages and installs the tarballs with npm (a compile of better-sqlite3 when its
 * release has no local prebuild), so it runs after every other project (`groupOrder: 2`, after the
 * reliability suite): its builds neither slow timed tests nor compete with the reliability suite's
 * measurements.
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
