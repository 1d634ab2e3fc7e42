/**
 * The sync status's writes: per written object, what the builder's server wrote to the group's CRM today
 * and the latest failure in the provider's words, from the embedded service's `write-status` extension,
 * for the session's group only.
 */
import type { SyncStatus } from '@splice/schema';
import { syncStatusSchema } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpliceServerClient, failureReasons } from '../src/server-client/index.js';
import { startRealService } from './helpers/real-service.js';
import { browserHeaders } from './helpers/sessions.js';
import type { RunningBff } from './helpers/start-bff.js';
import { startBff, testApiKey } from './helpers/start-bff.js';

let service: Awaited<ReturnType<typeof startRealService>>;
let bff: RunningBff;
let hostedBff: RunningBff;

async function status(url: string, user: string): Promise<SyncStatus> {
  const response = await fetch(`${url}/integrations/hubspot-sync/status`, { headers: browserHeaders(user) });
  expect(response.status).toBe(200);
  return syncStatusSchema.parse(await response.json());
}

beforeAll(async () => {
  service = await startRealService({ apiKey: testApiKey });
  const installed = await fetch(
    `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?skipSampling=true`,
    {
      method: 'POST',
      headers: { 'x-api-key': testApiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        groupRef: 'acme',
        config: {
          content: {
            provider: 'hubspot',
            read: { objects: { contacts: { objectName: 'contacts', selectedFields: { email: true } } } },
            write: { objects: { contacts: { objectName: 'contacts' } } },
          },
        },
      }),
    },
  );
  expect(installed.status).toBe(201);
  bff = await startBff(service);
  hostedBff = await startBff(service, { embeddedExtensions: false });
});

afterAll(async () => {
  await bff.close();
  await hostedBff.close();
  await service.stop();
});

describe('the sync status with writes', () => {
  it('counts today’s writes per object and says why the latest one failed', async () => {
    const before = await status(bff.url, 'alice');
    expect(before.writes).toEqual([
      {
        objectName: 'contacts',
        recordsWrittenToday: 0,
        recordsDeletedToday: 0,
        recordsFailedToday: 0,
        lastFailure: null,
      },
    ]);
    const splice = createSpliceServerClient({
      baseUrl: service.baseUrl,
      writeUrl: service.writeUrl,
      apiKey: testApiKey,
      project: 'demo',
      logger: () => {},
    });
    const contacts = { integrationId: 'hubspot-sync', objectName: 'contacts', groupRef: 'acme' } as const;
    const written = await splice.write({
      ...contacts,
      type: 'create',
      batch: [
        { record: { email: `sw-a-${Date.now()}@example.com` } },
        { record: { email: `sw-b-${Date.now()}@example.com` } },
      ],
    });
    expect(written.ok).toBe(true);
    const refused = await splice.write({
      ...contacts,
      type: 'update',
      record: { id: '424242', firstname: 'X' },
    });
    expect(refused.ok).toBe(false);
    await splice.close();

    const after = await status(bff.url, 'alice');
    expect(after.writes?.[0]).toMatchObject({
      objectName: 'contacts',
      recordsWrittenToday: 2,
      recordsFailedToday: 1,
    });
    expect(after.writes?.[0]?.lastFailure?.reason).toBe(failureReasons(refused)[0]);
  });

  it('shows another group none of it', async () => {
    const globex = await status(bff.url, 'bob');
    expect(globex.installationId).toBeNull();
    expect(globex.writes).toBeUndefined();
  });

  it('leaves writes out against the hosted service, which has no write-status', async () => {
    const hosted = await status(hostedBff.url, 'alice');
    expect(hosted.writes).toBeUndefined();
  });
});
