/**
 * The world every service bench runs in: the HubSpot emulator in one process
 * (./servers/hubspot-emulator-child.ts) and the service in another (./servers/service-child.ts), reaching
 * it over loopback HTTP through its connector; Acme, and each extra group, connected with a grant of its
 * own. The demo manifest's `hubspot-sync` is what the benches install.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import type { Child, ReadyMessage } from './children.js';
import { startChild } from './children.js';
import type { ServiceReady } from './service.js';

export interface HubSpotEmulatorReady extends ReadyMessage {
  /** 500 contact emails spread over the account. */
  emails: string[];
  startMs: number;
}

export interface HubSpotWorld {
  emulator: Child<HubSpotEmulatorReady>;
  service: Child<ServiceReady>;
  dataDir: string;
  /** Stops both processes and removes the service's data directory. */
  dispose(): Promise<void>;
}

export const hubspotIntegration: string = recommendedCrmReads.hubspot.integration;

export interface HubSpotWorldOptions {
  /** The service's read engine on (the read benches) or off (search and create, measured alone). */
  reads?: boolean;
  /** Groups `bench-g<n>` added before the service starts, each connected with a grant of its own. */
  extraGroups?: number;
  /** Of those, how many read contacts every minute. */
  scheduled?: number;
  /** The service's data in this (empty) PostgreSQL database instead of SQLite. */
  databaseUrl?: string;
}

/** Starts the emulator with `contacts` contacts, then the service connected to it. */
export async function startHubSpotWorld(
  contacts: number,
  options: HubSpotWorldOptions = {},
): Promise<HubSpotWorld> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'splice-bench-'));
  const grantsFile = path.join(dataDir, 'grants.json');
  const extraGroups = options.extraGroups ?? 0;
  let emulator: Child<HubSpotEmulatorReady> | undefined;
  try {
    emulator = await startChild<HubSpotEmulatorReady>(
      new URL('./servers/hubspot-emulator-child.ts', import.meta.url),
      {
        BENCH_CONTACTS: String(contacts),
        BENCH_GRANTS: String(1 + extraGroups),
        BENCH_GRANTS_FILE: grantsFile,
      },
      600_000,
    );
    const service = await startChild<ServiceReady>(
      new URL('./servers/service-child.ts', import.meta.url),
      {
        BENCH_DATA_DIR: dataDir,
        BENCH_HUBSPOT_URL: emulator.ready.url,
        BENCH_GRANTS_FILE: grantsFile,
        BENCH_EXTRA_GROUPS: String(extraGroups),
        BENCH_SCHEDULED: String(options.scheduled ?? 0),
        BENCH_READS: options.reads ? 'on' : 'off',
        // Empty means SQLite, whatever the bench's own environment says.
        SPLICE_DATABASE_URL: options.databaseUrl ?? '',
      },
      600_000,
    );
    const running = emulator;
    return {
      emulator: running,
      service,
      dataDir,
      dispose: async () => {
        await service.stop();
        await running.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
