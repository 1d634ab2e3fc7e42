/**
 * The smallest reproduction of each defect in src/known-defects.ts, so the report names a concrete
 * failing request, and so a fix is noticed: once a defect no longer reproduces this test fails, asking
 * for its entry (and this reproduction) to be deleted, which makes the fuzz tests strict about it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBff } from '../src/bff-harness.js';
import { browserHeaders, startBffFor } from '../src/bff-harness.js';
import { figures } from '../src/figures.js';
import { installAcme } from '../src/fuzz/setup.js';
import type { InProcessService } from '../src/service-harness.js';
import { startInProcessService } from '../src/service-harness.js';
import { countServiceErrors } from '../src/quiet.js';

let service: InProcessService;
let bff: RunningBff;

let serviceErrors: ReturnType<typeof countServiceErrors>;

beforeAll(async () => {
  serviceErrors = countServiceErrors();
  service = await startInProcessService({ extraGroups: { prefix: 'kd', count: 10 } });
  await installAcme(service);
  bff = await startBffFor(service);
});
afterAll(async () => {
  serviceErrors.restore();
  await bff.close();
  await service.close();
});

const searchHeaders = () => ({ 'content-type': 'application/json', 'x-api-key': service.apiKey, 'x-svc-request-type': 'search' });
const createUrl = (query = '?skipSampling=true') => `${service.baseUrl}/projects/demo/integrations/crm-sync/installations${query}`;

function still(id: string, reproduces: boolean, how: string) {
  figures('known-defects', `${id} ${reproduces ? 'still reproduces' : 'NO LONGER reproduces'}: ${how}`, { id, reproduces });
  expect(reproduces, `${id} is fixed: delete its entry in reliability/src/known-defects.ts and its reproduction here`).toBe(true);
}

describe('known defects still reproduce', () => {
  it('KD-1: search for an object named like an Object.prototype member is a 500 (a 502 through the BFF)', async () => {
    const direct = await fetch(`${service.searchUrl}/projects/demo/integrations/crm-sync?groupRef=acme`, {
      method: 'POST',
      headers: searchHeaders(),
      body: JSON.stringify({ objectName: 'toString', fieldFilters: [] }),
    });
    const viaBff = await fetch(`${bff.url}/integrations/crm-sync/search`, {
      method: 'POST',
      headers: browserHeaders('acme'),
      body: JSON.stringify({ objectName: 'constructor', fieldFilters: [] }),
    });
    still('KD-1', direct.status === 500 && viaBff.status === 502, `service search {"objectName":"toString"} -> ${direct.status}; BFF search {"objectName":"constructor"} -> ${viaBff.status} (expected 422 object-not-searchable)`);
  });

  it('KD-2: a "__proto__" map key is dropped without a word, and its value never validated', async () => {
    const stored = await fetch(createUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body: '{"groupRef":"kd-0","config":{"content":{"provider":"sandboxcrm","read":{"objects":{"contacts":{"objectName":"contacts","selectedFields":{"__proto__":true,"email":true}}}}}}}',
    });
    const text = await stored.text();
    const invalid = await fetch(createUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body: '{"groupRef":"kd-1","config":{"content":{"provider":"sandboxcrm","read":{"objects":{"contacts":{"objectName":"contacts","selectedFields":{"__proto__":"not a boolean"}}}}}}}',
    });
    still(
      'KD-2',
      stored.status === 201 && !text.includes('__proto__') && invalid.status === 201,
      `selectedFields {"__proto__":true,"email":true} -> ${stored.status}, stored selectedFields ${JSON.stringify((JSON.parse(text) as { config?: { content?: { read?: { objects?: { contacts?: { selectedFields?: unknown } } } } } }).config?.content?.read?.objects?.contacts?.selectedFields)}; selectedFields {"__proto__":"not a boolean"} -> ${invalid.status} (expected 400)`,
    );
  });

  it('KD-3: the sample read takes an Object.prototype member for a provider field', async () => {
    const response = await fetch(createUrl('?skipSampling=false'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
      body: JSON.stringify({
        groupRef: 'kd-2',
        config: { content: { provider: 'sandboxcrm', read: { objects: { contacts: { objectName: 'contacts', fieldFilters: [{ fieldName: 'toString', operator: 'eq', value: 'x' }] } } } } },
      }),
    });
    still('KD-3', response.status === 201, `create with skipSampling=false and fieldFilters [{"fieldName":"toString"}] -> ${response.status} (expected 422 sample-read-failed)`);
  });

  it('KD-4: a body nested 10,000 levels deep is a 500 on the service and the BFF', async () => {
    const nested = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const direct = await fetch(`${service.searchUrl}/projects/demo/integrations/crm-sync?groupRef=acme`, { method: 'POST', headers: searchHeaders(), body: nested });
    const deepArray = `{"config":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const viaBff = await fetch(`${bff.url}/integrations/crm-sync/installations`, {
      method: 'POST',
      headers: browserHeaders('acme', { 'Idempotency-Key': 'kd-4' }),
      body: deepArray,
    });
    still('KD-4', direct.status === 500 && viaBff.status === 500, `service search with 10,000 nested objects -> ${direct.status}; BFF create with config nested in 50,000 arrays -> ${viaBff.status} (expected 400)`);
  });
});
