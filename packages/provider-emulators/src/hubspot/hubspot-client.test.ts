/**
 * HubSpot's official Node client, unchanged but for `basePath`, against the emulator: if the client can
 * page, search, read, write and describe through it, a connector built on the same calls can too.
 */
import { Client } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/AssociationSpec.js';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/Filter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from './start.js';

const counts = { contacts: 250, companies: 30, deals: 80 };
let emulator: RunningHubSpotEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startHubSpotEmulator({ counts });
  client = new Client({ accessToken: emulator.issueTokens().accessToken, basePath: emulator.url });
});
afterAll(() => emulator.close());

describe('list', () => {
  it('pages through every contact with `after`, 100 at a time, in id order', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await client.crm.contacts.basicApi.getPage(100, after, ['email', 'hs_lead_status']);
      pages++;
      ids.push(...page.results.map((record) => record.id));
      after = page.paging?.next?.after;
    } while (after);
    expect(pages).toBe(3);
    expect(ids).toEqual(Array.from({ length: counts.contacts }, (_, i) => String(i + 1)));
  });

  it('answers the named properties plus the id and timestamps, and the defaults when none are named', async () => {
    const named = await client.crm.companies.basicApi.getPage(1, undefined, ['industry', 'nosuchproperty']);
    expect(Object.keys(named.results[0]!.properties).sort()).toEqual([
      'createdate',
      'hs_lastmodifieddate',
      'hs_object_id',
      'industry',
    ]);
    const defaults = await client.crm.contacts.basicApi.getPage(1);
    expect(Object.keys(defaults.results[0]!.properties).sort()).toEqual([
      'createdate',
      'email',
      'firstname',
      'hs_object_id',
      'lastmodifieddate',
      'lastname',
    ]);
  });

  it('refuses a page of more than 100', async () => {
    await expect(client.crm.deals.basicApi.getPage(101)).rejects.toMatchObject({
      code: 400,
      body: { category: 'VALIDATION_ERROR' },
    });
  });
});

describe('search', () => {
  it('finds contacts modified since an instant, sorted, paged by `after`', async () => {
    const since = '2024-01-01T00:00:00.000Z';
    const request = {
      filterGroups: [
        { filters: [{ propertyName: 'lastmodifieddate', operator: FilterOperatorEnum.Gte, value: since }] },
      ],
      sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }] as unknown as string[],
      properties: ['lastmodifieddate', 'email'],
      limit: 50,
      after: '0',
    };
    const first = await client.crm.contacts.searchApi.doSearch(request);
    expect(first.total).toBeGreaterThan(50);
    const second = await client.crm.contacts.searchApi.doSearch({
      ...request,
      after: first.paging!.next!.after,
    });
    const stamps = [...first.results, ...second.results].map((r) =>
      Date.parse(r.properties.lastmodifieddate!),
    );
    expect(stamps.every((stamp) => stamp >= Date.parse(since))).toBe(true);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set([...first.results, ...second.results].map((r) => r.id)).size).toBe(100);
  });

  it('ORs filter groups, ANDs the filters of one, and honours IN, NEQ, HAS_PROPERTY and BETWEEN', async () => {
    const search = (filterGroups: unknown) =>
      client.crm.contacts.searchApi.doSearch({
        filterGroups: filterGroups as never,
        properties: ['hs_lead_status', 'phone', 'hubspotscore'],
        limit: 200,
        after: '0',
        sorts: [],
      });
    const leads = await search([
      { filters: [{ propertyName: 'hs_lead_status', operator: 'IN', values: ['NEW', 'CONNECTED'] }] },
    ]);
    expect(leads.total).toBeGreaterThan(0);
    expect(leads.results.every((r) => ['NEW', 'CONNECTED'].includes(r.properties.hs_lead_status!))).toBe(
      true,
    );

    const either = await search([
      { filters: [{ propertyName: 'hs_lead_status', operator: 'EQ', value: 'NEW' }] },
      { filters: [{ propertyName: 'hs_lead_status', operator: 'EQ', value: 'CONNECTED' }] },
    ]);
    expect(either.total).toBe(leads.total);

    const scored = await search([
      {
        filters: [
          { propertyName: 'hubspotscore', operator: 'BETWEEN', value: '20', highValue: '40' },
          { propertyName: 'hs_lead_status', operator: 'NEQ', value: 'NEW' },
          { propertyName: 'phone', operator: 'HAS_PROPERTY' },
        ],
      },
    ]);
    expect(scored.total).toBeGreaterThan(0);
    for (const { properties } of scored.results) {
      expect(Number(properties.hubspotscore)).toBeGreaterThanOrEqual(20);
      expect(Number(properties.hubspotscore)).toBeLessThanOrEqual(40);
      expect(properties.hs_lead_status).not.toBe('NEW');
      expect(properties.phone).toBeTruthy();
    }
  });

  it('refuses more than 200 a page and pages past the 10,000th result', async () => {
    const base = { filterGroups: [], sorts: [], properties: [], after: '0', limit: 10 };
    await expect(client.crm.deals.searchApi.doSearch({ ...base, limit: 201 })).rejects.toMatchObject({
      code: 400,
    });
    await expect(client.crm.deals.searchApi.doSearch({ ...base, after: '9995' })).rejects.toMatchObject({
      code: 400,
      body: { category: 'VALIDATION_ERROR' },
    });
  });

  it('names an unknown property in a filter', async () => {
    const filterGroups = [
      { filters: [{ propertyName: 'shoe_size', operator: FilterOperatorEnum.Eq, value: '9' }] },
    ];
    await expect(
      client.crm.contacts.searchApi.doSearch({
        filterGroups,
        sorts: [],
        properties: [],
        after: '0',
        limit: 10,
      }),
    ).rejects.toMatchObject({ code: 400, body: { errors: [{ in: 'propertyName' }] } });
  });
});

describe('one record', () => {
  it('gets a contact by id and by its unique e-mail', async () => {
    const byId = await client.crm.contacts.basicApi.getById('7', ['email', 'lifecyclestage']);
    expect(byId.id).toBe('7');
    const byEmail = await client.crm.contacts.basicApi.getById(
      byId.properties.email!,
      ['lifecyclestage'],
      undefined,
      undefined,
      false,
      'email',
    );
    expect(byEmail.id).toBe('7');
    expect(byEmail.properties.lifecyclestage).toBe(byId.properties.lifecyclestage);
  });

  it('creates, updates and archives a deal; the archived deal is gone from reads and listed as archived', async () => {
    const created = await client.crm.deals.basicApi.create({
      properties: {
        dealname: 'Emulated deal',
        amount: '1200',
        dealstage: 'qualifiedtobuy',
        closedate: '1767225600000',
      },
      associations: [],
    });
    expect(created.id).toBe(String(counts.deals + 1));
    expect(created.properties).toMatchObject({
      dealname: 'Emulated deal',
      closedate: '2026-01-01T00:00:00.000Z',
    });

    const updated = await client.crm.deals.basicApi.update(created.id, {
      properties: { dealstage: 'closedwon' },
    });
    expect(updated.properties.dealstage).toBe('closedwon');
    expect(Date.parse(updated.updatedAt as unknown as string)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt as unknown as string),
    );
    expect((await client.crm.deals.basicApi.getById(created.id, ['dealstage'])).properties.dealstage).toBe(
      'closedwon',
    );

    await client.crm.deals.basicApi.archive(created.id);
    await expect(client.crm.deals.basicApi.getById(created.id)).rejects.toMatchObject({
      code: 404,
      body: { category: 'OBJECT_NOT_FOUND' },
    });
    const archived = await client.crm.deals.basicApi.getPage(
      100,
      undefined,
      undefined,
      undefined,
      undefined,
      true,
    );
    expect(archived.results.map((r) => r.id)).toEqual([created.id]);
  });

  it('refuses bad values, naming each offending property, and writes none of them', async () => {
    const error = await client.crm.contacts.basicApi
      .update('3', {
        properties: { lifecyclestage: 'astronaut', hubspotscore: '5', shoe_size: '9', firstname: 'Kept' },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
    const details = (error as { body: { errors: Array<{ in: string; code: string }> } }).body.errors;
    expect(details.map((d) => [d.in, d.code])).toEqual([
      ['lifecyclestage', 'INVALID_OPTION'],
      ['hubspotscore', 'READ_ONLY_VALUE'],
      ['shoe_size', 'PROPERTY_DOESNT_EXIST'],
    ]);
    expect((await client.crm.contacts.basicApi.getById('3', ['firstname'])).properties.firstname).not.toBe(
      'Kept',
    );
  });

  it('refuses a second contact with an existing e-mail', async () => {
    const existing = await client.crm.contacts.basicApi.getById('1', ['email']);
    await expect(
      client.crm.contacts.basicApi.create({
        properties: { email: existing.properties.email! },
        associations: [],
      }),
    ).rejects.toMatchObject({
      code: 409,
      body: { category: 'CONFLICT', message: 'Contact already exists. Existing ID: 1' },
    });
  });
});

describe('associations', () => {
  it("reads a contact's company and a company's contacts, and links a created deal to its company", async () => {
    const contact = await client.crm.contacts.basicApi.getById('4', ['associatedcompanyid'], undefined, [
      'companies',
    ]);
    const companyId = contact.properties.associatedcompanyid!;
    expect(contact.associations?.companies?.results).toEqual([{ id: companyId, type: 'contact_to_company' }]);

    const company = await client.crm.companies.basicApi.getById(companyId, undefined, undefined, [
      'contacts',
    ]);
    expect(company.associations?.contacts?.results.map((r) => r.id)).toContain('4');

    const deal = await client.crm.deals.basicApi.create({
      properties: { dealname: 'Linked deal' },
      associations: [
        {
          to: { id: companyId },
          types: [
            {
              associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
              associationTypeId: 5,
            },
          ],
        },
      ],
    });
    const page = await client.crm.companies.basicApi.getPage(100, undefined, ['name'], undefined, ['deals']);
    const linked = page.results.find((r) => r.id === companyId);
    expect(linked?.associations?.deals?.results).toContainEqual({ id: deal.id, type: 'company_to_deal' });
  });

  it('refuses an association to a company that does not exist', async () => {
    await expect(
      client.crm.deals.basicApi.create({
        properties: { dealname: 'Orphan' },
        associations: [
          {
            to: { id: '987654' },
            types: [
              {
                associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
                associationTypeId: 5,
              },
            ],
          },
        ],
      }),
    ).rejects.toMatchObject({ code: 400, body: { errors: [{ in: 'associations' }] } });
  });
});

describe('batch', () => {
  it('reads several, answering 207 with the missing ids named', async () => {
    const answer = await client.crm.companies.batchApi.read({
      inputs: [{ id: '1' }, { id: '999999' }, { id: '2' }],
      properties: ['name'],
      propertiesWithHistory: [],
    });
    expect(answer.results.map((r) => r.id).sort()).toEqual(['1', '2']);
    expect((answer as { errors?: Array<{ context: { ids: string[] } }> }).errors?.[0]?.context.ids).toEqual([
      '999999',
    ]);
  });

  it('upserts contacts by e-mail: an unknown address creates, a known one updates', async () => {
    const known = await client.crm.contacts.basicApi.getById('9', ['email']);
    const answer = await client.crm.contacts.batchApi.upsert({
      inputs: [
        { id: 'first.upsert@example.com', idProperty: 'email', properties: { firstname: 'Upserted' } },
        { id: known.properties.email!, idProperty: 'email', properties: { jobtitle: 'Upserted title' } },
      ],
    });
    const results = answer.results.map((r) => ({ id: r.id, isNew: r._new, email: r.properties.email }));
    expect(results).toEqual([
      { id: expect.any(String), isNew: true, email: 'first.upsert@example.com' },
      { id: '9', isNew: false, email: known.properties.email },
    ]);
    expect((await client.crm.contacts.basicApi.getById('9', ['jobtitle'])).properties.jobtitle).toBe(
      'Upserted title',
    );
  });

  it('creates, updates and archives up to 100 at a time, and refuses 101', async () => {
    const inputs = Array.from({ length: 100 }, (_, i) => ({
      properties: { name: `Batch company ${i}`, domain: `batch${i}.example` },
      associations: [],
    }));
    const created = await client.crm.companies.batchApi.create({ inputs });
    expect(created.results).toHaveLength(100);
    const ids = created.results.map((r) => r.id);

    const updated = await client.crm.companies.batchApi.update({
      inputs: ids.map((id) => ({ id, properties: { industry: 'RETAIL' } })),
    });
    expect(updated.results.every((r) => r.properties.industry === 'RETAIL')).toBe(true);

    await client.crm.companies.batchApi.archive({ inputs: ids.map((id) => ({ id })) });
    const after = await client.crm.companies.batchApi.read({
      inputs: [{ id: ids[0]! }],
      properties: [],
      propertiesWithHistory: [],
    });
    expect(after.results).toEqual([]);

    await expect(
      client.crm.companies.batchApi.create({ inputs: [...inputs, inputs[0]!] }),
    ).rejects.toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
  });
});

describe('properties', () => {
  it('describes each property with its type, field type and picklist options', async () => {
    const { results } = await client.crm.properties.coreApi.getAll('contacts');
    const byName = new Map(results.map((p) => [p.name, p]));
    expect(byName.get('lifecyclestage')).toMatchObject({ type: 'enumeration', fieldType: 'radio' });
    expect(byName.get('lifecyclestage')!.options.map((o) => o.value)).toContain('marketingqualifiedlead');
    expect(byName.get('hs_lead_status')!.options.map((o) => o.value)).toContain('OPEN_DEAL');
    expect(byName.get('lastmodifieddate')).toMatchObject({
      type: 'datetime',
      modificationMetadata: { readOnlyValue: true },
    });
    const deals = await client.crm.properties.coreApi.getAll('deals');
    const stages = deals.results.find((p) => p.name === 'dealstage')!.options.map((o) => o.value);
    expect(stages).toEqual(expect.arrayContaining(['appointmentscheduled', 'closedwon', 'closedlost']));
  });
});
