import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import type { ServerName } from './support/servers.js';
import { credentials, dataDirOf, devServerDemo, servers } from './support/servers.js';

const demoDir = fileURLToPath(new URL('../apps/demo', import.meta.url));

export default defineConfig({
  testDir: './specs',
  // Files run in parallel on the two cores; the tests of one file run in order (they share a group).
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries: a spec that installs cannot pass twice against the same server (a group installs once),
  // so a retry would only hide the first failure behind a second, misleading one.
  retries: 0,
  reporter: [['list'], ['./support/summary-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: servers.shared.url,
    trace: 'retain-on-failure',
    // Debian's Chromium (see e2e/scripts/ensure-chromium.sh); Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-gpu',
      ],
    },
  },
  webServer: (Object.keys(servers) as ServerName[]).map((name) => ({
    command: 'node --import tsx server/main.ts',
    cwd: demoDir,
    url: `${servers[name].url}/demo/session`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
    env: {
      HOST: '127.0.0.1',
      PORT: String(servers[name].port),
      DEMO_DATA_DIR: dataDirOf(name),
      SPLICE_API_KEY: credentials.apiKey,
      SPLICE_AUTH_TOKEN: credentials.authToken,
      // Failed deliveries are retried within a second or two, not minutes, so recovery fits in a spec.
      SPLICE_RETRY_BASE_MS: '200',
      SPLICE_RETRY_MAX_MS: '2000',
      SPLICE_DELIVERY_PARK_MS: '500',
      ...(name === 'runs' ? { DEMO_RECEIVER_FAULTS: '1' } : {}),
      // The app as it ships, built once at start: a page loads two files, not Vite's two hundred modules.
      // One demo keeps Vite's dev server, which `pnpm demo` uses (see support/servers.ts).
      ...(name === devServerDemo ? {} : { DEMO_APP: 'build' }),
    },
  })),
});
