/**
 * The service reaching HubSpot over HTTP, for the `_http` benches: the HubSpot emulator in one process
 * (./servers/hubspot-emulator-child.ts) and the service in another (./servers/hubspot-service-child.ts),
 * its `hubspot-sync` integration connected for `acme` with the emulator's tokens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Child, ReadyMessage } from './children.js';
import { startChild } from './children.js';
import { createClient } from './http.js';
import type { ServiceReady } from './service.js';
import { installationsPath } from './service.js';

export interface HubSpotEmulatorReady extends ReadyMessage {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  /** 500 contact emails spread over the account. */
  emails: string[];
  startMs: number;
}

export interface HubSpotWorld {
  emulator: Child<HubSpotEmulatorReady>;
  service: Child<ServiceReady>;
  /** Stops both processes and removes the service's data directory. */
  dispose(): Promise<void>;
}

export const hubspotIntegration = 'hubspot-sync';

/** Starts the emulator with `contacts` contacts, then the service connected to it (`reads`: its read engine on). */
export async function startHubSpotWorld(
  contacts: number,
  options: { reads: boolean },
): Promise<HubSpotWorld> {
  const emulator = await startChild<HubSpotEmulatorReady>(
    new URL('./servers/hubspot-emulator-child.ts', import.meta.url),
    { BENCH_CONTACTS: String(contacts) },
    600_000,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'splice-bench-hubspot-'));
  try {
    const { url, accessToken, refreshToken, expiresIn } = emulator.ready;
    const service = await startChild<ServiceReady>(
      new URL('./servers/hubspot-service-child.ts', import.meta.url),
      {
        BENCH_DATA_DIR: dataDir,
        BENCH_HUBSPOT_URL: url,
        BENCH_HUBSPOT_TOKENS: JSON.stringify({ accessToken, refreshToken, expiresIn }),
        BENCH_READS: options.reads ? 'on' : 'off',
        SPLICE_DATABASE_URL: '',
      },
      300_000,
    );
    return {
      emulator,
      service,
      dispose: async () => {
        await service.stop();
        await emulator.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await emulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The installation content of `hubspot-sync`: HubSpot's own contact fields, `stage` mapped to
 * `lifecyclestage` with its values mapped (one app value standing for several of HubSpot's).
 */
export function hubspotContent(destination: string, backfill?: { fullHistory: true }) {
  return {
    provider: 'hubspot',
    read: {
      objects: {
        contacts: {
          objectName: 'contacts',
          destination,
          schedule: '*/15 * * * *',
          ...(backfill && { backfill: { defaultPeriod: backfill } }),
          selectedFields: { email: true, firstname: true, lastname: true, phone: true, jobtitle: true },
          selectedFieldMappings: { stage: 'lifecyclestage' },
          selectedValueMappings: {
            stage: {
              new: ['subscriber', 'lead'],
              working: ['marketingqualifiedlead', 'salesqualifiedlead', 'opportunity'],
              won: ['customer', 'evangelist'],
              lost: 'other',
            },
          },
        },
      },
    },
  };
}

/** Installs `hubspot-sync` for `acme` (with the sample read, through the connector). */
export async function installHubSpotForAcme(service: ServiceReady): Promise<void> {
  const client = createClient();
  try {
    const answer = await client.request(
      'POST',
      installationsPath(service.baseUrl, hubspotIntegration),
      { 'x-api-key': service.apiKey },
      { groupRef: 'acme', config: { content: hubspotContent('contactsWebhook') } },
    );
    if (answer.status !== 201) {
      throw new Error(
        `createInstallation of ${hubspotIntegration}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
    }
  } finally {
    client.close();
  }
}
