import { describe, expect, it } from 'vitest';
import { generateSandboxData, type SandboxRecord } from './generate.js';

const take = (records: Iterable<SandboxRecord>, count: number): SandboxRecord[] => {
  const out: SandboxRecord[] = [];
  for (const record of records) {
    if (out.length === count) break;
    out.push(record);
  }
  return out;
};

describe('generateSandboxData', () => {
  const counts = { contacts: 1_000, companies: 50, deals: 200 };

  it('gives the same records for the same counts and seed', () => {
    const a = generateSandboxData(counts);
    const b = generateSandboxData(counts);
    expect(b.companies).toEqual(a.companies);
    expect([...b.contacts]).toEqual([...a.contacts]);
    expect([...b.deals]).toEqual([...a.deals]);
  });

  it('pins the first records (a change here means every stored data set is stale: bump generatorVersion)', () => {
    const data = generateSandboxData(counts);
    expect(take(data.contacts, 1)[0]).toMatchInlineSnapshot(`
      {
        "annualRevenue": 2312397.6,
        "companyId": "36",
        "country": "FR",
        "createdAt": "2023-01-12T12:51:24.000Z",
        "doNotContact": false,
        "email": "mei_thompson1@harborpointretail.co",
        "firstName": "Mei",
        "id": "1",
        "isCustomer": false,
        "jobTitle": "Software Engineer",
        "lastName": "Thompson",
        "lifecycleStage": "salesqualifiedlead",
        "phone": null,
        "score": 74,
        "status": "qualified",
        "updatedAt": "2024-09-19T23:54:08.000Z",
      }
    `);
    expect(data.companies[0]).toMatchInlineSnapshot(`
      {
        "country": "BR",
        "createdAt": "2020-07-07T16:01:08.000Z",
        "domain": "beaconhealth.net",
        "employees": 7,
        "id": "1",
        "industry": "healthcare",
        "isPartner": false,
        "name": "Beacon Health",
        "updatedAt": "2023-03-02T01:30:16.000Z",
      }
    `);
    expect(take(data.deals, 1)[0]).toMatchInlineSnapshot(`
      {
        "amount": 83571.78,
        "closeDate": "2023-12-13",
        "companyId": "40",
        "contactId": "737",
        "createdAt": "2023-10-22T00:31:20.000Z",
        "id": "1",
        "isWon": false,
        "name": "Ironclad Freight - Platform Upgrade",
        "stage": "qualification",
        "updatedAt": "2024-05-27T02:51:16.000Z",
      }
    `);
  });

  it('keeps the first contacts when more are asked for', () => {
    const small = take(generateSandboxData(counts).contacts, 100);
    const large = take(generateSandboxData({ ...counts, contacts: 50_000 }).contacts, 100);
    expect(large).toEqual(small);
  });

  it('gives a different data set for a different seed', () => {
    const a = take(generateSandboxData(counts, 1).contacts, 5);
    const b = take(generateSandboxData(counts, 2).contacts, 5);
    expect(b).not.toEqual(a);
  });

  it('produces realistic, unique and consistent values', () => {
    const data = generateSandboxData(counts);
    const contacts = [...data.contacts];
    expect(contacts).toHaveLength(1_000);
    expect(new Set(contacts.map((c) => c.email)).size).toBe(contacts.length);
    expect(new Set(data.companies.map((c) => c.domain)).size).toBe(data.companies.length);
    expect(new Set(data.companies.map((c) => c.name)).size).toBe(data.companies.length);
    for (const contact of contacts) {
      expect(contact.email).toMatch(/^[a-z_.]+\d+@[a-z0-9]+\.[a-z]+$/);
      expect(contact.isCustomer).toBe(contact.status === 'customer');
      expect(Date.parse(String(contact.updatedAt))).toBeGreaterThanOrEqual(
        Date.parse(String(contact.createdAt)),
      );
      const company = data.companies[Number(contact.companyId) - 1];
      expect(contact.email).toMatch(new RegExp(`@${String(company?.domain).replaceAll('.', '\\.')}$`));
    }
    for (const deal of data.deals) {
      expect(deal.closeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(deal.isWon).toBe(deal.stage === 'closed_won');
      // A deal's company is its contact's company.
      const contact = contacts[Number(deal.contactId) - 1];
      expect(deal.companyId).toBe(contact?.companyId);
    }
  });

  it('copes with empty objects', () => {
    const data = generateSandboxData({ contacts: 3, companies: 0, deals: 2 });
    expect(data.companies).toEqual([]);
    expect([...data.contacts].map((c) => c.companyId)).toEqual([null, null, null]);
    expect([...data.deals].every((d) => d.companyId === null && d.contactId !== null)).toBe(true);
  });
});
