import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bff',
    environment: 'node',
    // Type tests (`*.test-d.ts`) run through the compiler: they prove AppType agrees with @splice/schema.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
