import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'service',
    environment: 'node',
    // Store contract suites start an embedded PostgreSQL in a hook: seconds, more on a busy machine.
    hookTimeout: 60_000,
    // Read tests wait (up to 20 s) for backfills and deliveries; vitest's 5 s default cuts them short on a
    // loaded machine. A project does not inherit the root config's timeout.
    testTimeout: 30_000,
    // Type tests (`*.test-d.ts`) run through the compiler: AppType carries every route of the one chain.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
