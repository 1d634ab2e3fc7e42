import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'react',
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // Type tests (`*.test-d.ts`) run through the compiler: the client agrees with the BFF's AppType.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // A project does not inherit the root's timeout; user-event walks through several steps take
    // seconds on a loaded machine (speed goals live in `pnpm bench`, not here).
    testTimeout: 20_000,
    // The built-package test builds the library and the schema before its assertions: about 2 s alone,
    // past 10 s (Vitest's default) on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
