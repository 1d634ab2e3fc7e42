import { limits } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.js';
import {
  apiKeyHeaders,
  createInstallationUrl,
  crmIntegration,
  demoManifestWith,
  postJson,
  searchHeaders,
  searchUrl,
  startTestService,
} from './harness.js';

let service: TestService;

type Result = {
  id: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
  raw: Record<string, unknown>;
};

function search(
  groupRef: string,
  objectName: string,
  fieldFilters: unknown[],
  integration: string = crmIntegration.hubspot,
) {
  return postJson(searchUrl(service, groupRef, 'demo', integration), searchHeaders(service), {
    objectName,
    fieldFilters,
  });
}

/** The demo manifest, with HubSpot's deals marked `enabled: always` (searchable even where disabled). */
const manifestPath = demoManifestWith((manifest) => {
  const deals = manifest.integrations
    .find((integration) => integration.name === crmIntegration.hubspot)
    ?.read?.objects.find((object) => object.objectName === 'deals');
  if (!deals) throw new Error('The demo manifest has no HubSpot deals');
  deals.enabled = 'always';
});

beforeAll(async () => {
  service = await startTestService({ manifestPath });
  // acme maps its app's "stage" to HubSpot's lead status, with app values translated, and pauses companies.
  const acme = await postJson(createInstallationUrl(service), apiKeyHeaders(service), {
    groupRef: 'acme',
    config: {
      content: {
        provider: 'hubspot',
        read: {
          objects: {
            contacts: {
              objectName: 'contacts',
              selectedFieldsAuto: 'all',
              selectedFieldMappings: { stage: 'hs_lead_status' },
              selectedValueMappings: {
                stage: { won: 'CONNECTED', new: 'NEW' },
                // Two lifecycle stages are one funnel stage to the app; the rest stay unmapped.
                funnelStage: { mql: 'marketingqualifiedlead', customer: ['customer', 'evangelist'] },
              },
            },
            companies: { objectName: 'companies', disabled: true },
            deals: { objectName: 'deals', disabled: true },
          },
        },
      },
    },
  });
  expect(acme.status).toBe(201);
  // globex maps the app's "stage" to Salesforce's lead source.
  const globex = await postJson(
    createInstallationUrl(service, 'demo', crmIntegration.salesforce),
    apiKeyHeaders(service),
    {
      groupRef: 'globex',
      config: {
        content: {
          provider: 'salesforce',
          read: {
            objects: {
              Contact: {
                objectName: 'Contact',
                selectedFieldsAuto: 'all',
                selectedFieldMappings: { stage: 'LeadSource' },
                selectedValueMappings: { stage: { won: 'Partner Referral', new: 'Web' } },
              },
            },
          },
        },
      },
    },
  );
  expect(globex.status).toBe(201);
});
afterAll(() => service.dispose());

describe('search: credentials and headers', () => {
  it('needs the API key: a bearer token alone is refused', async () => {
    const res = await postJson(
      searchUrl(service, 'acme'),
      {
        'content-type': 'application/json',
        'x-svc-request-type': 'search',
        authorization: `Bearer ${service.authToken}`,
      },
      { objectName: 'contacts', fieldFilters: [] },
    );
    expect(res.status).toBe(401);
  });

  it('needs x-svc-request-type: search, naming the header', async () => {
    const res = await postJson(searchUrl(service, 'acme'), apiKeyHeaders(service), {
      objectName: 'contacts',
      fieldFilters: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ in: 'header', name: 'x-svc-request-type' });
  });

  it('needs groupRef in the query', async () => {
    const res = await postJson(
      `${service.searchUrl}/projects/demo/integrations/${crmIntegration.hubspot}`,
      searchHeaders(service),
      { objectName: 'contacts', fieldFilters: [] },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ in: 'query', name: 'groupRef' });
  });

  it('needs objectName and fieldFilters, and eq as the operator', async () => {
    const res = await postJson(searchUrl(service, 'acme'), searchHeaders(service), {
      fieldFilters: [
        { fieldName: 'email', operator: 'eq', value: 'x' },
        { fieldName: 'hubspotscore', operator: 'lt', value: 1 },
      ],
    });
    expect(res.status).toBe(400);
    const names = res.body.issues.map((i: { name: string }) => i.name);
    expect(names).toEqual(expect.arrayContaining(['objectName', 'fieldFilters[1].operator']));
  });
});

describe('search: interface search searchability rules', () => {
  it('finds records of an object the installation reads', async () => {
    const res = await search('acme', 'contacts', []);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results.length).toBeLessThanOrEqual(100);
    const first = res.body.results[0] as Result;
    expect(Object.keys(first).sort()).toEqual(['fields', 'id', 'mappedFields', 'raw']);
  });

  it('refuses an object the installation disables (rule 3)', async () => {
    const res = await search('acme', 'companies', []);
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('urn:problem-type:object-not-searchable');
    expect(res.body.issues[0]).toMatchObject({ name: 'objectName', value: 'companies' });
  });

  it('searches an object the manifest marks enabled: always, although the installation disables it (rule 2)', async () => {
    const res = await search('acme', 'deals', []);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
  });

  it('refuses an object the manifest does not read (rule 1)', async () => {
    const res = await search('acme', 'tickets', []);
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/not an object the integration reads/);
  });

  it('answers a group without an installation with 404', async () => {
    const res = await search('globex', 'contacts', []);
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:problem-type:installation-not-found');
  });

  it('answers an unknown group with 404 group-not-found', async () => {
    const res = await search('umbrella', 'contacts', []);
    expect(res.status).toBe(404);
    expect(res.body.type).toBe('urn:problem-type:group-not-found');
  });
});

describe('search: filters and mappings', () => {
  it('filters on a provider field name', async () => {
    const some = (await search('acme', 'contacts', [])).body.results[3] as Result;
    const res = await search('acme', 'contacts', [
      { fieldName: 'email', operator: 'eq', value: some.fields.email },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: Result) => r.id)).toContain(some.id);
    for (const r of res.body.results as Result[]) expect(r.fields.email).toBe(some.fields.email);
  });

  it('filters on a mapped name from the installation, translating the app-side value', async () => {
    const res = await search('acme', 'contacts', [{ fieldName: 'stage', operator: 'eq', value: 'won' }]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(r.fields.hs_lead_status).toBe('CONNECTED');
      // mappedFields carry the app-side value, separately from fields.
      expect(r.mappedFields.stage).toBe('won');
    }
  });

  it('accepts the provider value for a mapped name too', async () => {
    const res = await search('acme', 'contacts', [
      { fieldName: 'stage', operator: 'eq', value: 'OPEN_DEAL' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(r.fields.hs_lead_status).toBe('OPEN_DEAL');
      expect(r.mappedFields.stage).toBe('OPEN_DEAL');
    }
  });

  it('filters on a mapped name the manifest sets (surname -> lastname)', async () => {
    const some = (await search('acme', 'contacts', [])).body.results[5] as Result;
    const res = await search('acme', 'contacts', [
      { fieldName: 'surname', operator: 'eq', value: some.fields.lastname },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(r.fields.lastname).toBe(some.fields.lastname);
      expect(r.mappedFields.surname).toBe(some.fields.lastname);
    }
  });

  it('gives every provider value of a many-to-one value mapping the one app value', async () => {
    for (const lifecycleStage of ['customer', 'evangelist']) {
      const res = await search('acme', 'contacts', [
        { fieldName: 'lifecyclestage', operator: 'eq', value: lifecycleStage },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.results.length).toBeGreaterThan(0);
      for (const r of res.body.results as Result[]) expect(r.mappedFields.funnelStage).toBe('customer');
    }
  });

  it('finds by an app value the records holding any of the provider values it stands for', async () => {
    const resultsOf = async (fieldName: string, value: string) => {
      const res = await search('acme', 'contacts', [{ fieldName, operator: 'eq', value }]);
      expect(res.status).toBe(200);
      return res.body.results as Result[];
    };
    const found = await resultsOf('funnelStage', 'customer');
    expect(new Set(found.map((r) => r.fields.lifecyclestage))).toEqual(new Set(['customer', 'evangelist']));
    for (const r of found) expect(r.mappedFields.funnelStage).toBe('customer');
    // Each page is the first records in id order, so the app value's page is the first of both pages merged.
    const byProviderValue = [
      ...(await resultsOf('lifecyclestage', 'customer')),
      ...(await resultsOf('lifecyclestage', 'evangelist')),
    ];
    const merged = byProviderValue.map((r) => Number(r.id)).sort((a, b) => a - b);
    expect(found.map((r) => Number(r.id))).toEqual(merged.slice(0, found.length));
    expect(found).toHaveLength(Math.min(merged.length, limits.searchPage));
  });

  it('ANDs a condition on an app value of several provider values with the others', async () => {
    const res = await search('acme', 'contacts', [
      { fieldName: 'funnelStage', operator: 'eq', value: 'customer' },
      { fieldName: 'stage', operator: 'eq', value: 'won' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(['customer', 'evangelist']).toContain(r.fields.lifecyclestage);
      expect(r.fields.hs_lead_status).toBe('CONNECTED');
    }
  });

  it('gives a value the user did not map what the manifest says: nothing, for funnelStage', async () => {
    const res = await search('acme', 'contacts', [
      { fieldName: 'lifecyclestage', operator: 'eq', value: 'salesqualifiedlead' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(r.fields.lifecyclestage).toBe('salesqualifiedlead');
      expect(r.mappedFields).toHaveProperty('funnelStage', null);
    }
  });

  it('ANDs filters', async () => {
    const res = await search('acme', 'contacts', [
      { fieldName: 'hs_lead_status', operator: 'eq', value: 'CONNECTED' },
      { fieldName: 'hs_email_optout', operator: 'eq', value: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    for (const r of res.body.results as Result[]) {
      expect(r.fields.hs_lead_status).toBe('CONNECTED');
      expect(r.fields.hs_email_optout).toBe(true);
    }
  });

  it('matches a boolean only with a boolean: the string "true" finds nothing', async () => {
    const asBoolean = await search('acme', 'contacts', [
      { fieldName: 'hs_email_optout', operator: 'eq', value: true },
    ]);
    const asString = await search('acme', 'contacts', [
      { fieldName: 'hs_email_optout', operator: 'eq', value: 'true' },
    ]);
    expect(asBoolean.body.results.length).toBeGreaterThan(0);
    expect(asString.status).toBe(200);
    expect(asString.body.results).toEqual([]);
  });

  it('matches a number only with a number', async () => {
    const some = ((await search('acme', 'contacts', [])).body.results as Result[]).find(
      (r) => typeof r.fields.hubspotscore === 'number',
    );
    expect(some).toBeDefined();
    const asNumber = await search('acme', 'contacts', [
      { fieldName: 'hubspotscore', operator: 'eq', value: some?.fields.hubspotscore },
    ]);
    const asString = await search('acme', 'contacts', [
      { fieldName: 'hubspotscore', operator: 'eq', value: String(some?.fields.hubspotscore) },
    ]);
    expect(asNumber.body.results.map((r: Result) => r.id)).toContain(some?.id);
    expect(asString.body.results).toEqual([]);
  });

  it('returns one page of at most 100 results', async () => {
    const res = await search('acme', 'contacts', []);
    expect(res.body.results).toHaveLength(100);
  });

  it("refuses a field that is neither mapped nor the provider's, naming the filter", async () => {
    const res = await search('acme', 'contacts', [
      { fieldName: 'email', operator: 'eq', value: 'x' },
      { fieldName: 'shoeSize', operator: 'eq', value: 42 },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.issues).toEqual([
      expect.objectContaining({ name: 'fieldFilters[1].fieldName', value: 'shoeSize' }),
    ]);
  });
});

describe("search on Globex's Salesforce: the same rules through SOQL", () => {
  const searchGlobex = (fieldFilters: unknown[]) =>
    search('globex', 'Contact', fieldFilters, crmIntegration.salesforce);

  it('filters on a provider field name', async () => {
    const some = (await searchGlobex([])).body.results[3] as Result;
    const res = await searchGlobex([{ fieldName: 'Email', operator: 'eq', value: some.fields.Email }]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: Result) => r.id)).toContain(some.id);
    for (const r of res.body.results as Result[]) expect(r.fields.Email).toBe(some.fields.Email);
  });

  it("filters on a mapped name, translating the app-side value, and on the manifest's surname", async () => {
    const won = await searchGlobex([{ fieldName: 'stage', operator: 'eq', value: 'won' }]);
    expect(won.status).toBe(200);
    expect(won.body.results.length).toBeGreaterThan(0);
    for (const r of won.body.results as Result[]) {
      expect(r.fields.LeadSource).toBe('Partner Referral');
      expect(r.mappedFields.stage).toBe('won');
    }
    const some = won.body.results[0] as Result;
    const named = await searchGlobex([
      { fieldName: 'surname', operator: 'eq', value: some.fields.LastName },
      { fieldName: 'stage', operator: 'eq', value: 'won' },
    ]);
    expect(named.body.results.map((r: Result) => r.id)).toContain(some.id);
    for (const r of named.body.results as Result[]) {
      expect(r.fields.LastName).toBe(some.fields.LastName);
      expect(r.mappedFields.surname).toBe(some.fields.LastName);
    }
  });

  it('matches a boolean only with a boolean, and refuses a field Salesforce lacks', async () => {
    const asBoolean = await searchGlobex([{ fieldName: 'HasOptedOutOfEmail', operator: 'eq', value: true }]);
    const asString = await searchGlobex([{ fieldName: 'HasOptedOutOfEmail', operator: 'eq', value: 'true' }]);
    expect(asBoolean.body.results.length).toBeGreaterThan(0);
    for (const r of asBoolean.body.results as Result[]) expect(r.fields.HasOptedOutOfEmail).toBe(true);
    expect(asString.status).toBe(200);
    expect(asString.body.results).toEqual([]);
    const unknown = await searchGlobex([{ fieldName: 'shoeSize', operator: 'eq', value: 42 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.issues).toEqual([
      expect.objectContaining({ name: 'fieldFilters[0].fieldName', value: 'shoeSize' }),
    ]);
  });
});
