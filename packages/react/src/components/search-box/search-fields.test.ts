import { describe, expect, it } from 'vitest';
import { integrationFixture } from '../../test-utils/integration-fixture.js';
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
});
