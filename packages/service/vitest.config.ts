import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'service',
    environment: 'node',
    // Type tests (`*.test-d.ts`) run through the compiler: AppType carries every route of the one chain.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
});
