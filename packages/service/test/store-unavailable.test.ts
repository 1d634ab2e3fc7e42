import type { RunningPostgres } from '@splice/testing-postgres';
import { startPostgres } from '@splice/testing-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import {
  apiKeyHeaders,
  bearerHeaders,
  contactsConfig,
  createInstallationUrl,
  crmIntegration,
  postJson,
  readJsonResponse,
  searchHeaders,
  searchUrl,
  startTestService,
} from './harness.js';

/**
 * The service on PostgreSQL while the database is down: every operation that needs it answers a 503
 * problem with Retry-After (never a 500), and once the server is back on the same data, what was
 * acknowledged before is there and new writes succeed. The read engine runs throughout.
 */
describe('the service while PostgreSQL is unreachable', () => {
  let server: RunningPostgres;
  let service: TestService;

  beforeAll(async () => {
    server = await startPostgres();
    service = await startTestService({ databaseUrl: await server.createDatabase('outage'), runReads: true });
  });
  afterAll(async () => {
    await service?.dispose();
    await server?.stop();
  });

  const get = async (url: string) => readJsonResponse(await fetch(url, { headers: apiKeyHeaders(service) }));
  const installation = (groupRef: string) => ({ groupRef, config: contactsConfig() });
  // Globex's CRM is Salesforce.
  const globexUrl = () => createInstallationUrl(service, 'demo', crmIntegration.salesforce);
  const globexInstallation = { groupRef: 'globex', config: contactsConfig({}, 'salesforce') };
  const destination = (name: string) => ({
    name,
    type: 'webhook',
    metadata: { url: 'http://127.0.0.1:9/hook' },
  });

  it('answers 503 with Retry-After while it is down, and keeps every acknowledged write', async () => {
    const destinations = `${service.baseUrl}/projects/demo/destinations`;
    const created = await postJson(
      createInstallationUrl(service),
      apiKeyHeaders(service),
      installation('acme'),
    );
    expect(created.status).toBe(201);
    expect((await postJson(destinations, apiKeyHeaders(service), destination('before'))).status).toBe(201);

    await server.pause();
    const attempts = {
      'list installations': () => get(`${createInstallationUrl(service)}?groupRef=acme`),
      'create an installation': () => postJson(globexUrl(), apiKeyHeaders(service), globexInstallation),
      'list destinations': () => get(destinations),
      'create a destination': () => postJson(destinations, apiKeyHeaders(service), destination('during')),
      'list invites': async () =>
        readJsonResponse(
          await fetch(`${service.baseUrl}/orgs/org-demo/invites`, { headers: bearerHeaders(service) }),
        ),
      'get the integration': () =>
        get(`${service.baseUrl}/projects/demo/integrations/${crmIntegration.hubspot}`),
      // A valid body: the integration's lookup may be answered from the service's short-lived copy
      // (src/lookups/find-integration.ts), so the request reaches the group and installation lookups.
      search: () =>
        postJson(searchUrl(service, 'acme'), searchHeaders(service), {
          objectName: 'contacts',
          fieldFilters: [],
        }),
      'start an OAuth flow': () =>
        postJson(`${service.baseUrl}/oauth-connect`, apiKeyHeaders(service), {
          projectIdOrName: 'demo',
          provider: 'hubspot',
          groupRef: 'initech',
          consumerRef: 'u1',
        }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const started = Date.now();
      const res = await attempt();
      expect({ name, status: res.status, type: res.body?.type }).toEqual({
        name,
        status: 503,
        type: 'urn:problem-type:store-unavailable',
      });
      expect(res.contentType).toBe('application/problem+json');
      expect(res.body.retryable).toBe(true);
      // Refused connections fail fast: a caller is not left waiting for the pool's timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    const raw = await fetch(destinations, { headers: apiKeyHeaders(service) });
    expect(raw.headers.get('retry-after')).toBe('2');
    await raw.arrayBuffer();
    // Nothing of the request was wrong, and the process itself is up.
    expect((await fetch(`${service.url}/health`)).status).toBe(200);

    await server.resume();
    const listed = await get(`${createInstallationUrl(service)}?groupRef=acme`);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(created.body.id);
    expect((await get(`${destinations}/before`)).status).toBe(200);
    expect((await postJson(destinations, apiKeyHeaders(service), destination('after'))).status).toBe(201);
    const next = await postJson(globexUrl(), apiKeyHeaders(service), globexInstallation);
    expect(next.status).toBe(201);
  }, 60_000);
});
