import { defineConfig } from 'vitest/config';
import { SummaryReporter } from './scripts/summary-reporter.js';

// One runner for the whole workspace; each package is a project so its environment stays its own.
export default defineConfig({
  test: {
    // `service-pg`: the service's HTTP suite on PostgreSQL (see its config).
    projects: ['packages/*', 'packages/service/vitest.pg.config.ts', 'reliability', 'packaging'],
    reporters: ['default', new SummaryReporter()],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
