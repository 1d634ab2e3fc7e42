/**
 * The smallest reproduction of each open defect in src/known-defects.ts, so the report names a concrete
 * request, and so a fix is noticed: once a defect no longer reproduces this test fails, asking for its
 * entry (and this reproduction) to be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figures } from '../src/figures.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';

let service: InProcessService;

beforeAll(async () => {
  service = await startInProcessService();
});
afterAll(async () => {
  await service.close();
});

function still(id: string, reproduces: boolean, how: string) {
  figures('known-defects', `${id} ${reproduces ? 'still reproduces' : 'NO LONGER reproduces'}: ${how}`, {
    id,
    reproduces,
  });
  expect(
    reproduces,
    `${id} is fixed: delete its entry in reliability/src/known-defects.ts and its reproduction here`,
  ).toBe(true);
}

describe('known defects still reproduce', () => {
  it('KD-6: an objectName that is not its key goes unnamed beside an invalid backfill period', async () => {
    const response = await fetch(
      `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations?skipSampling=true`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
        body: JSON.stringify({
          groupRef: 'acme',
          config: {
            content: {
              provider: 'hubspot',
              read: {
                objects: { deals: { objectName: 'deals-other', backfill: { defaultPeriod: { days: 1.5 } } } },
              },
            },
          },
        }),
      },
    );
    const { issues = [] } = (await response.json()) as { issues?: Array<{ name: string }> };
    const names = issues.map((i) => i.name);
    still(
      'KD-6',
      response.status === 400 && !names.includes('config.content.read.objects.deals.objectName'),
      `create with read.objects.deals {"objectName":"deals-other","backfill":{"defaultPeriod":{"days":1.5}}} -> ${response.status} naming ${names.join(', ')} (expected also config.content.read.objects.deals.objectName)`,
    );
  });
});
