import { availableParallelism } from 'node:os';
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
    // One test file per core. Vitest's own default is one fewer than the cores, which on a two-core CI
    // machine ran every file one after another; most files spend much of their time waiting on sockets,
    // servers and child processes, so a second file keeps the second core busy. The reliability project
    // still runs its files one at a time (`fileParallelism: false` in its config).
    maxWorkers: availableParallelism(),
  },
});
