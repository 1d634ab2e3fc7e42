import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import {
  apiKeyHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  postJson,
  searchHeaders,
  searchUrl,
  startTestService,
} from './harness.js';

let service: TestService;
/** Globex installs Salesforce's integration. */
const globexUrl = () => createInstallationUrl(service, 'demo', crmIntegration.salesforce);
beforeAll(async () => {
  service = await startTestService();
  const created = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: contactsConfig(),
  });
  expect(created.status).toBe(201);
});
afterAll(() => service.dispose());

// Names of Object.prototype's members must never be taken for objects or fields (found by fuzzing).
describe('names that Object.prototype also has', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty'])(
    'search for an object named %s is a 422, not a 500',
    async (objectName) => {
      const res = await postJson(searchUrl(service, 'acme'), searchHeaders(service), {
        objectName,
        fieldFilters: [],
      });
      expect(res.status).toBe(422);
      expect(res.body.type).toBe('urn:problem-type:object-not-searchable');
    },
  );

  it('the sample read refuses a filter on a field named toString', async () => {
    const res = await postJson(globexUrl(), apiKeyHeaders(service), {
      groupRef: 'globex',
      config: contactsConfig(
        { fieldFilters: [{ fieldName: 'toString', operator: 'eq', value: 'x' }] },
        'salesforce',
      ),
    });
    expect(res.status).toBe(422);
    expect(res.body.issues[0].name).toBe('config.content.read.objects.Contact.fieldFilters[0].fieldName');
  });

  it('a "__proto__" map key is refused with an issue naming it, not dropped', async () => {
    const response = await fetch(`${globexUrl()}?skipSampling=true`, {
      method: 'POST',
      headers: apiKeyHeaders(service),
      body: '{"groupRef":"globex","config":{"content":{"provider":"salesforce","read":{"objects":{"Contact":{"objectName":"Contact","selectedFields":{"__proto__":true,"Email":true}}}}}}}',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ name: string }> };
    expect(body.issues.map((i) => i.name)).toEqual([
      'config.content.read.objects.Contact.selectedFields.__proto__',
    ]);
  });

  it('a 10,000-level deep body is a 400 problem, not a 500', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await fetch(globexUrl(), {
      method: 'POST',
      headers: apiKeyHeaders(service),
      body: `{"groupRef":"globex","config":{"content":{"provider":"salesforce"}},"extra":${deep}}`,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { issues: Array<{ name: string; value?: unknown }> };
    expect(body.issues[0]).toMatchObject({ name: 'extra' });
    expect(body.issues[0]).not.toHaveProperty('value');
  });
});
