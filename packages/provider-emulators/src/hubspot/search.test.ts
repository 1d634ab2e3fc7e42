import { describe, expect, it } from 'vitest';
import type { CrmRecord } from './crm-record.js';
import { HubSpotError } from './errors.js';
import { search } from './search.js';

const contact = (id: number, properties: Record<string, string | null>): CrmRecord => ({
  id: String(id),
  properties: { hs_object_id: String(id), ...properties },
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  archived: false,
});

const records = [
  contact(1, { firstname: 'Ada', email: 'ada.lovelace@engines.example', hubspotscore: '90', phone: null }),
  contact(2, { firstname: 'Grace', email: 'grace@navy.example', hubspotscore: '75', phone: '+1 555 0100' }),
  contact(3, {
    firstname: 'Alan',
    email: 'alan@bletchley.example',
    hubspotscore: null,
    phone: '+44 20 0000',
  }),
];
const ids = (filters: unknown[], extra: object = {}) =>
  search('contacts', records, { filterGroups: [{ filters: filters as never }], ...extra }).results.map(
    (r) => r.id,
  );

describe('search', () => {
  it('matches CONTAINS_TOKEN on whole words, with * as a wildcard', () => {
    expect(ids([{ propertyName: 'email', operator: 'CONTAINS_TOKEN', value: 'lovelace' }])).toEqual(['1']);
    expect(ids([{ propertyName: 'email', operator: 'CONTAINS_TOKEN', value: '*.example' }])).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(ids([{ propertyName: 'email', operator: 'NOT_CONTAINS_TOKEN', value: 'navy' }])).toEqual([
      '1',
      '3',
    ]);
  });

  it('treats NOT_IN and NOT_HAS_PROPERTY as the complements of IN and HAS_PROPERTY', () => {
    expect(ids([{ propertyName: 'firstname', operator: 'NOT_IN', values: ['ada', 'GRACE'] }])).toEqual(['3']);
    expect(ids([{ propertyName: 'phone', operator: 'NOT_HAS_PROPERTY' }])).toEqual(['1']);
  });

  it('compares numbers as numbers, and a record without the value matches no comparison', () => {
    expect(ids([{ propertyName: 'hubspotscore', operator: 'LT', value: '100' }])).toEqual(['1', '2']);
    expect(ids([{ propertyName: 'hubspotscore', operator: 'GT', value: '8' }])).toEqual(['1', '2']);
  });

  it('sorts descending with records lacking the value last, and finds words with query', () => {
    const sorted = search('contacts', records, {
      sorts: [{ propertyName: 'hubspotscore', direction: 'DESCENDING' }],
    });
    expect(sorted.results.map((r) => r.id)).toEqual(['1', '2', '3']);
    const ascending = search('contacts', records, { sorts: ['hubspotscore'] });
    expect(ascending.results.map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(search('contacts', records, { query: 'GRACE navy' }).results.map((r) => r.id)).toEqual(['2']);
  });

  it('refuses more than 5 groups or 25 filters in all', () => {
    const filter = { propertyName: 'email', operator: 'HAS_PROPERTY' };
    const groups = (count: number, perGroup: number) =>
      Array.from({ length: count }, () => ({ filters: Array.from({ length: perGroup }, () => filter) }));
    expect(() => search('contacts', records, { filterGroups: groups(6, 1) as never })).toThrow(HubSpotError);
    expect(() => search('contacts', records, { filterGroups: groups(3, 9) as never })).toThrow(/at most 25/);
    expect(search('contacts', records, { filterGroups: groups(5, 5) as never }).total).toBe(3);
  });
});
