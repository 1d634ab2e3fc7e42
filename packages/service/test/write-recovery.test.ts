/**
 * Writes cut off by the death of the process that ran them. The row a killed process leaves behind (the
 * write `running`, its answer never stored, its hold on the key lapsing) is made from a real write's row,
 * so the request and its digest are exactly what the service recorded. A later request with the key takes
 * a dead synchronous write over and answers its real outcome where it can be known; an asynchronous write
 * taken again after a kill writes a HubSpot contact once, keyed on its e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  type Json,
  type JsonResponse,
  postJson,
  startTestService,
  type TestService,
} from './harness.js';
import { hubspotContactsWithEmail, operationEnded } from './write-helpers.js';

let service: TestService;
let runId: string;
const email = (name: string) => `${name}.${runId}@write-recovery.example`;

function write(
  target: TestService,
  crm: keyof typeof crmIntegration,
  objectName: string,
  body: Json,
  key: string,
): Promise<JsonResponse> {
  const url = `${target.writeUrl}/projects/demo/integrations/${crmIntegration[crm]}/objects/${objectName}`;
  return postJson(url, { ...apiKeyHeaders(target), 'idempotency-key': key }, body);
}

/** Leaves the write as a process killed after its provider call and before storing the answer leaves it. */
async function cutOff(target: TestService, operationId: string, claimUntil: number): Promise<void> {
  await target.sql(
    `UPDATE write_operations SET status = 'running', answer = NULL, end_time = NULL, claim_until = ?
       WHERE id = ? RETURNING id`,
    claimUntil,
    operationId,
  );
}

async function hubSpot(path: string, init: { method?: string; body?: Json } = {}): Promise<Json> {
  const response = await fetch(`${service.providers.hubspot.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${service.providers.hubspot.issueTokens().accessToken}`,
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return response.status === 204 ? undefined : response.json();
}

async function salesforceContactsNamed(lastName: string): Promise<number> {
  const soql = `SELECT Id FROM Contact WHERE LastName = '${lastName}'`;
  const response = await fetch(
    `${service.providers.salesforce.url}/services/data/v60.0/query?q=${encodeURIComponent(soql)}`,
    { headers: { authorization: `Bearer ${service.providers.salesforce.issueTokens().accessToken}` } },
  );
  return ((await response.json()) as { totalSize: number }).totalSize;
}

async function install(target: TestService) {
  const acme = await postJson(createInstallationUrl(target), apiKeyHeaders(target), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: { objects: { contacts: { objectName: 'contacts', selectedFieldsAuto: 'all' } } },
        write: { objects: { contacts: { objectName: 'contacts' } } },
      },
    },
  });
  expect(acme.status).toBe(201);
  const globex = await postJson(
    createInstallationUrl(target, 'demo', crmIntegration.salesforce),
    apiKeyHeaders(target),
    {
      groupRef: 'globex',
      config: {
        content: {
          provider: 'salesforce',
          read: { objects: { Contact: { objectName: 'Contact', selectedFieldsAuto: 'all' } } },
          write: { objects: { Contact: { objectName: 'Contact' } } },
        },
      },
    },
  );
  expect(globex.status).toBe(201);
}

beforeAll(async () => {
  service = await startTestService();
  runId = Math.random().toString(36).slice(2, 8);
  await install(service);
});

afterAll(async () => {
  await service?.dispose();
});

describe('a synchronous write whose process died', () => {
  it('is taken over by the next request with its key, which answers the contact written once', async () => {
    const key = `dead-sync-${runId}`;
    const body = { groupRef: 'acme', type: 'create', record: { email: email('dead'), firstname: 'Dead' } };
    const first = await write(service, 'hubspot', 'contacts', body, key);
    expect(first.status).toBe(200);
    await cutOff(service, first.body.operationId, Date.now() - 1);

    const again = await write(service, 'hubspot', 'contacts', body, key);
    expect(again.status).toBe(200);
    expect(again.body.operationId).toBe(first.body.operationId);
    expect(again.body.result.recordId).toBe(first.body.result.recordId);
    expect(await hubspotContactsWithEmail(service.providers.hubspot, email('dead'))).toEqual([
      first.body.result.recordId,
    ]);
    // Once answered, the key answers the same again.
    expect(await write(service, 'hubspot', 'contacts', body, key)).toEqual(again);
  });

  it('still answers 409 while the write holds its key', async () => {
    const key = `held-sync-${runId}`;
    const body = { groupRef: 'acme', type: 'create', record: { email: email('held') } };
    const first = await write(service, 'hubspot', 'contacts', body, key);
    await cutOff(service, first.body.operationId, Date.now() + 60_000);
    const again = await write(service, 'hubspot', 'contacts', body, key);
    expect(again.status).toBe(409);
    expect(again.body.type).toContain('idempotency-key-in-flight');
  });

  it('ends a create the provider cannot key as a failure saying its outcome is unknown, not twice', async () => {
    const key = `dead-salesforce-${runId}`;
    const lastName = `Unkeyed${runId}`;
    const body = { groupRef: 'globex', type: 'create', record: { LastName: lastName } };
    const first = await write(service, 'salesforce', 'Contact', body, key);
    expect(first.status).toBe(200);
    await cutOff(service, first.body.operationId, Date.now() - 1);

    const again = await write(service, 'salesforce', 'Contact', body, key);
    expect(again.status).toBe(422);
    expect(again.body.errors[0].message).toMatch(/unknown/);
    expect(await salesforceContactsNamed(lastName)).toBe(1);
    expect(await write(service, 'salesforce', 'Contact', body, key)).toEqual(again);
  });
});

describe('an asynchronous write in flight at a kill', () => {
  it('is taken again by the next start and writes its contact once, keyed on the e-mail', async () => {
    const stopped = await startTestService({ runWrites: false });
    await install(stopped);
    const address = email('inflight');
    const accepted = await write(
      stopped,
      'hubspot',
      'contacts',
      { groupRef: 'acme', type: 'create', mode: 'asynchronous', record: { email: address, firstname: 'In' } },
      `inflight-${runId}`,
    );
    expect(accepted.status).toBe(200);
    // The killed attempt reached HubSpot: the contact exists, and the write was left running.
    const made = await hubSpot('/crm/v3/objects/contacts', {
      method: 'POST',
      body: { properties: { email: address, firstname: 'In' } },
    });
    await stopped.sql(
      `UPDATE write_operations SET status = 'running', attempts = 1, claim_until = ? WHERE id = ? RETURNING id`,
      Date.now() - 1,
      accepted.body.operationId,
    );
    await stopped.close();

    const restarted = await startTestService({
      dataDir: stopped.dataDir,
      ...(stopped.databaseUrl ? { databaseUrl: stopped.databaseUrl } : {}),
    });
    try {
      const done = await operationEnded(restarted, accepted.body.operationId);
      expect(done.status).toBe('success');
      expect(done.metadata.write.attempts).toBe(2);
      expect(done.metadata.write.response.result.recordId).toBe(made.id);
      expect(await hubspotContactsWithEmail(service.providers.hubspot, address)).toEqual([made.id]);
    } finally {
      await restarted.dispose();
    }
  });
});
