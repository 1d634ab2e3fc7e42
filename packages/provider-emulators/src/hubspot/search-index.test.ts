import { describe, expect, it } from 'vitest';
import { CrmStore } from './crm-store.js';
import { generateCrmRecords } from './data-set.js';
import { type SearchRequest, search } from './search.js';

const store = new CrmStore(generateCrmRecords({ contacts: 3_000, companies: 10, deals: 10 }), () => 1.8e12);
const live = store.live('contacts');
const some = live[1234]!;
const times = live.map((r) => Date.parse(r.properties.lastmodifieddate!)).sort((a, b) => a - b);
const middle = times[1500]!;
const late = times[2600]!;

const window: SearchRequest = {
  filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(middle) }] }],
  sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
  limit: 200,
  after: '200',
};
const requests: SearchRequest[] = [
  // Sorted first, then asked for unsorted below: a sort must not reorder what the index holds.
  {
    filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'lead' }] }],
    sorts: ['-email'],
    limit: 100,
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(middle) }] },
    ],
    sorts: [{ propertyName: 'lastmodifieddate', direction: 'DESCENDING' }],
    limit: 100,
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'email', operator: 'EQ', value: some.properties.email!.toUpperCase() }] },
    ],
  },
  {
    filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'nobody@nowhere.example' }] }],
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'lifecyclestage', operator: 'IN', values: ['lead', 'customer', 'LEAD'] }] },
    ],
    limit: 200,
    after: '300',
  },
  {
    filterGroups: [
      {
        filters: [
          { propertyName: 'hs_lead_status', operator: 'EQ', value: 'NEW' },
          { propertyName: 'country', operator: 'HAS_PROPERTY' },
        ],
      },
      { filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'customer' }] },
    ],
    limit: 100,
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(middle) }] },
    ],
    sorts: [{ propertyName: 'lastmodifieddate', direction: 'ASCENDING' }],
    limit: 200,
    after: '200',
  },
  {
    filterGroups: [
      {
        filters: [
          { propertyName: 'lastmodifieddate', operator: 'GTE', value: String(middle) },
          { propertyName: 'lastmodifieddate', operator: 'LTE', value: new Date(late).toISOString() },
        ],
      },
    ],
    sorts: ['lastmodifieddate'],
    limit: 50,
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'lastmodifieddate', operator: 'GT', value: String(middle) }] },
    ],
    limit: 200,
  },
  {
    filterGroups: [
      {
        filters: [
          {
            propertyName: 'lastmodifieddate',
            operator: 'BETWEEN',
            value: String(middle),
            highValue: String(late),
          },
        ],
      },
    ],
    sorts: [{ propertyName: 'lastmodifieddate', direction: 'DESCENDING' }],
    limit: 30,
  },
  {
    filterGroups: [{ filters: [{ propertyName: 'lastmodifieddate', operator: 'LT', value: 'not a time' }] }],
  },
  {
    filterGroups: [
      { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: String(middle) }] },
    ],
    query: 'a',
    sorts: ['-email'],
    limit: 20,
  },
  window,
  {
    filterGroups: [{ filters: [{ propertyName: 'lifecyclestage', operator: 'EQ', value: 'lead' }] }],
    limit: 100,
  },
];

describe('search through the index', () => {
  it('answers every request as a scan of every record does', () => {
    const index = store.searchIndex('contacts');
    for (const request of requests) {
      const scanned = search('contacts', live, request);
      const indexed = search('contacts', index.records, request, undefined, index);
      expect(indexed, JSON.stringify(request)).toEqual(scanned);
    }
    // The requests reach matches, more than one page, and empty answers alike.
    const totals = requests.map((request) => search('contacts', live, request).total);
    expect(totals.some((total) => total === 1)).toBe(true);
    expect(totals.some((total) => total > 200)).toBe(true);
    expect(totals.some((total) => total === 0)).toBe(true);
  });

  it('sees a write: an updated value is found by its new value and no longer by its old one', () => {
    const before = store.searchIndex('contacts');
    const oldEmail = some.properties.email!;
    store.update('contacts', some.id, { email: 'renamed@index.example' });
    const after = store.searchIndex('contacts');
    expect(after).not.toBe(before);
    const find = (email: string) =>
      search(
        'contacts',
        after.records,
        { filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: email }] }] },
        undefined,
        after,
      ).results.map((r) => r.id);
    expect(find('renamed@index.example')).toEqual([some.id]);
    expect(find(oldEmail)).toEqual([]);
    const recent = search(
      'contacts',
      after.records,
      {
        filterGroups: [
          { filters: [{ propertyName: 'lastmodifieddate', operator: 'GTE', value: '1800000000000' }] },
        ],
      },
      undefined,
      after,
    );
    expect(recent.results.map((r) => r.id)).toEqual([some.id]);
    store.archive('contacts', some.id);
    expect(store.searchIndex('contacts').records.some((r) => r.id === some.id)).toBe(false);
  });
});
