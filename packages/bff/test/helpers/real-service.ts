import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningService, StartServiceOptions } from '@splice/service';
import { startService } from '@splice/service';

/**
 * The embedded service with the demo data set, in a fresh data directory: each test file gets its own.
 * Its read engine runs only where a test asks for it (`runReads: true`).
 */
export async function startRealService(
  options: Partial<StartServiceOptions> = {},
): Promise<RunningService & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-bff-test-'));
  const service = await startService({
    port: 0,
    dataDir,
    contacts: 300,
    runReads: false,
    // The tests' receivers listen on this machine.
    allowPrivateDestinations: ['loopback'],
    ...options,
  });
  return {
    ...service,
    stop: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
