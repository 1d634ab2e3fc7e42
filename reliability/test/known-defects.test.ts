/**
 * The smallest reproduction of each open defect in src/known-defects.ts, so the report names a concrete
 * request, and so a fix is noticed: once a defect no longer reproduces this test fails, asking for its
 * entry (and this reproduction) to be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { figures, ms } from '../src/figures.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';

let service: InProcessService;
let bff: RunningBff;

beforeAll(async () => {
  service = await startInProcessService();
  bff = await startBffFor(service);
});
afterAll(async () => {
  await bff.close();
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
  it('KD-5: a body nested 20,000 objects deep holds the BFF and the service for seconds', async () => {
    const nested = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    let started = performance.now();
    const viaBff = await fetch(`${bff.url}/integrations/crm-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('acme', { 'Idempotency-Key': 'kd-5' }),
      body: `{"config":${nested}}`,
    });
    await viaBff.text();
    const bffMs = performance.now() - started;
    started = performance.now();
    const direct = await fetch(`${service.baseUrl}/projects/demo/integrations/crm-sync/installations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body: `{"groupRef":"acme","config":${nested}}`,
    });
    await direct.text();
    const serviceMs = performance.now() - started;
    still(
      'KD-5',
      bffMs > 1_000 && serviceMs > 1_000,
      `BFF create with config nested 20,000 objects deep (120 KB) -> ${viaBff.status} after ${ms(bffMs)}; service create, same body -> ${direct.status} after ${ms(serviceMs)} (the 10,000-level bodies of the raw fuzz take about 0.2 s)`,
    );
  });
});
