import { defineProject } from 'vitest/config';

export default defineProject({
  // Each test starts (and stops) a real server: seconds, more on a busy machine. A project does not inherit
  // the root config's timeouts.
  test: { name: 'testing-postgres', environment: 'node', testTimeout: 60_000, hookTimeout: 60_000 },
});
