import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../src/config.js';
import { type Json, readJsonResponse, startTestService, type TestService } from './harness.js';

/** The hosted catalog description's `ProviderInfo` schema (a trimmed copy naming its source). */
const hostedSchema = JSON.parse(
  readFileSync(new URL('./fixtures/hosted-provider-info.schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

let service: TestService;
beforeAll(async () => {
  service = await startTestService({
    providerApps: providerAppsFromEnv({
      SPLICE_HUBSPOT_BASE_URL: 'https://api.hubapi.com',
      SPLICE_HUBSPOT_CLIENT_SECRET: 'hubspot-app-secret',
      SPLICE_SALESFORCE_BASE_URL: 'https://login.salesforce.com',
      SPLICE_SALESFORCE_CLIENT_SECRET: 'salesforce-app-secret',
    }),
  });
});
afterAll(async () => {
  await service?.dispose();
});

const getProvider = async (name: string) =>
  readJsonResponse(await fetch(`${service.baseUrl}/providers/${name}`));

describe('GET {base_url}/providers/{provider} of the running service', () => {
  it("answers each catalog provider's entry as configured, in the hosted ProviderInfo shape", async () => {
    const ajv = new Ajv({ allErrors: true, strictTypes: false });
    ajv.addKeyword('x-source');
    const validate = ajv.compile(hostedSchema);
    const hubspot = await getProvider('hubspot');
    expect(hubspot.status).toBe(200);
    expect(hubspot.body).toMatchObject({
      name: 'hubspot',
      displayName: 'HubSpot',
      authType: 'oauth2',
      baseURL: 'https://api.hubapi.com',
      oauth2Opts: {
        grantType: 'authorizationCode',
        authURL: 'https://app.hubspot.com/oauth/authorize',
        tokenURL: 'https://api.hubapi.com/oauth/v1/token',
      },
    });
    const salesforce = await getProvider('salesforce');
    expect(salesforce.body).toMatchObject({
      name: 'salesforce',
      baseURL: 'https://login.salesforce.com',
      oauth2Opts: { grantType: 'authorizationCodePKCE' },
    });
    for (const answer of [hubspot, salesforce]) {
      expect(validate(answer.body) ? [] : validate.errors).toEqual([]);
      // The app's credentials stay in the service.
      expect(JSON.stringify(answer.body)).not.toMatch(/app-secret|splice-emulator-client/);
    }
  });

  it('answers 404 for a provider the catalog does not have', async () => {
    expect((await getProvider('pipedrive')).status).toBe(404);
  });

  it("answers what the service's OpenAPI document describes, for every kind of provider", async () => {
    const { body: doc } = await readJsonResponse(await fetch(`${service.url}/openapi.json`));
    const operation = doc.paths['/v1/providers/{provider}'].get;
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '404']);
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile({
      ...operation.responses['200'].content['application/json'].schema,
      components: doc.components,
    });
    const catalogOnly = ajv.compile({
      $ref: '#/components/schemas/ProviderInfo',
      components: doc.components,
    });
    for (const name of ['hubspot', 'salesforce']) {
      const { body } = await getProvider(name);
      expect(validate(body) ? [] : validate.errors, name).toEqual([]);
    }
    // The catalog's schema is strict enough to fail: a name and a display name alone are no ProviderInfo.
    expect(catalogOnly((await getProvider('hubspot')).body as Json)).toBe(true);
    expect(catalogOnly({ name: 'hubspot', displayName: 'HubSpot' })).toBe(false);
  });
});
