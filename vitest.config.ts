import { defineConfig } from 'vitest/config';

// One runner for the whole workspace; each package is a project so its environment stays its own.
export default defineConfig({
  test: {
    projects: ['packages/*'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
