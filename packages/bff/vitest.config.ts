import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bff',
    environment: 'node',
    // The PostgreSQL store and replica suites start an embedded server in a hook: seconds, more on a busy
    // machine. A project does not inherit the root config's timeouts.
    hookTimeout: 60_000,
    testTimeout: 20_000,
    // Type tests (`*.test-d.ts`) run through the compiler: they prove AppType agrees with @splice/schema.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
