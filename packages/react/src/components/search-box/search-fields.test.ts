import { describe, expect, it } from 'vitest';
import { defaultMessages } from '../../provider/messages.js';
import { integrationFixture } from '../../test-utils/integration-fixture.js';
import { checkRows } from './search-conditions.js';
import type { SearchFieldOption } from './search-fields.js';
import { searchFieldOptions, toFilterValue } from './search-fields.js';

describe('searchFieldOptions', () => {
  const details = integrationFixture();
  const contacts = details.readObjects[0]!;

  it('offers mapped names first, typed by the provider field behind them, then every provider field', () => {
    const options = searchFieldOptions(details, contacts);

    expect(options.map((o) => [o.name, o.source, o.kind])).toEqual([
      ['customerEmail', 'mapped', 'text'],
      ['years', 'mapped', 'number'],
      ['email', 'provider', 'text'],
      ['age', 'provider', 'number'],
      ['is_vip', 'provider', 'boolean'],
      ['stage', 'provider', 'text'],
    ]);
  });

  it('leaves out a mapping the user has not made, since search would not resolve it', () => {
    const options = searchFieldOptions(integrationFixture({ installation: null }), contacts);

    expect(options.some((o) => o.name === 'customerEmail')).toBe(false);
    expect(options.some((o) => o.name === 'years')).toBe(true);
  });

  it('suggests picklist values for a select field', () => {
    const stage = searchFieldOptions(details, contacts).find((o) => o.name === 'stage');

    expect(stage?.suggestions).toEqual(['lead', 'customer']);
  });
});

describe('toFilterValue', () => {
  it('sends numbers as numbers and booleans as booleans', () => {
    expect(toFilterValue('number', ' 42.5 ')).toEqual({ value: 42.5 });
    expect(toFilterValue('boolean', 'false')).toEqual({ value: false });
    expect(toFilterValue('text', 'ada')).toEqual({ value: 'ada' });
  });

  it('refuses an empty value and a number that is not one', () => {
    expect(toFilterValue('text', '  ')).toEqual({ error: 'required' });
    expect(toFilterValue('number', '4x')).toEqual({ error: 'not-number' });
  });

  it('trims a typed value and writes an e-mail address in lower case, as addresses are stored', () => {
    expect(toFilterValue('text', '  Thompson ')).toEqual({ value: 'Thompson' });
    expect(toFilterValue('text', ' Ann.Thompson42@Example.COM ')).toEqual({
      value: 'ann.thompson42@example.com',
    });
  });
});

describe('checkRows', () => {
  it("blocks a date field's value written as words, with the format to use", () => {
    const options: SearchFieldOption[] = [
      {
        name: 'closeDate',
        label: 'Close date',
        source: 'provider',
        kind: 'text',
        format: 'date',
        suggestions: [],
      },
    ];
    const rows = [{ key: 1, fieldName: 'closeDate', valueText: 'yesterday' }];
    const checked = checkRows(rows, options, defaultMessages);
    expect(checked.errors[1]?.value).toBe('Enter a date as year-month-day, like 2026-11-26.');
    expect(checked.fieldFilters).toEqual([]);
    const fine = checkRows([{ ...rows[0]!, valueText: '2026-11-25' }], options, defaultMessages);
    expect(fine.fieldFilters).toEqual([{ fieldName: 'closeDate', operator: 'eq', value: '2026-11-25' }]);
  });
});
