import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { searchRequestSchema, searchResponseSchema, searchResultItemSchema } from './search.js';

describe('search request (interface: search)', () => {
  it('accepts string, boolean and number values', () => {
    const input = {
      objectName: 'contacts',
      fieldFilters: [
        { fieldName: 'status', operator: 'eq', value: 'active' },
        { fieldName: 'isCustomer', operator: 'eq', value: true },
        { fieldName: 'score', operator: 'eq', value: 42 },
      ],
    };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.fieldFilters.map((f) => f.value)).toEqual(['active', true, 42]);
  });

  it('accepts an empty fieldFilters array', () => {
    const result = searchRequestSchema.safeParse({ objectName: 'contacts', fieldFilters: [] });
    expect(result.success).toBe(true);
    expect(result.data?.fieldFilters).toEqual([]);
  });

  it('refuses a request without objectName', () => {
    const input = { fieldFilters: [] };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['objectName']);
  });

  it('refuses a request without fieldFilters', () => {
    const input = { objectName: 'contacts' };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an operator other than eq, naming fieldFilters[1].operator', () => {
    const input = {
      objectName: 'contacts',
      fieldFilters: [
        { fieldName: 'status', operator: 'eq', value: 'active' },
        { fieldName: 'score', operator: 'gt', value: 10 },
      ],
    };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[1].operator']);
    expect(issues[0]?.value).toBe('gt');
  });

  it('refuses a filter without value, saying it is required', () => {
    const input = { objectName: 'contacts', fieldFilters: [{ fieldName: 'status', operator: 'eq' }] };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[0].value']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
    expect(issues[0]?.detail).toBe('This property is required.');
    expect('value' in (issues[0] ?? {})).toBe(false);
  });

  it('refuses a null value', () => {
    const input = {
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'status', operator: 'eq', value: null }],
    };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[0].value']);
    expect(issues[0]?.type).toBe('urn:problem-type:invalid-property');
  });

  it('refuses a filter without fieldName', () => {
    const input = { objectName: 'contacts', fieldFilters: [{ operator: 'eq', value: 'x' }] };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'fieldFilters[0].fieldName',
    ]);
  });

  it('refuses fieldFilters that is not an array', () => {
    const input = { objectName: 'contacts', fieldFilters: { fieldName: 'status' } };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['fieldFilters']);
  });

  it('refuses an unknown key in a filter', () => {
    const input = {
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'status', operator: 'eq', value: 'x', caseSensitive: false }],
    };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'fieldFilters[0].caseSensitive',
    ]);
  });
});

describe('search result item (interface: search result item)', () => {
  it('accepts id, fields, mappedFields and raw', () => {
    const item = {
      id: 'c-1',
      fields: { email: 'ada@example.com' },
      mappedFields: { emailAddress: 'ada@example.com' },
      raw: { email: 'ada@example.com', extra: 1 },
    };
    const result = searchResultItemSchema.safeParse(item);
    expect(result.success).toBe(true);
    expect(result.data?.mappedFields.emailAddress).toBe('ada@example.com');
  });

  it('refuses an item without id', () => {
    const input = { fields: {}, mappedFields: {}, raw: {} };
    const result = searchResultItemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['id']);
  });

  it('refuses an item whose fields is not an object', () => {
    const input = { id: 'c-1', fields: 'email', mappedFields: {}, raw: {} };
    const result = searchResultItemSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['fields']);
  });

  it('accepts a response of results', () => {
    const result = searchResponseSchema.safeParse({
      results: [{ id: 'c-1', fields: {}, mappedFields: {}, raw: {} }],
    });
    expect(result.success).toBe(true);
    expect(result.data?.results.length).toBe(1);
  });

  it('refuses a response with an invalid item, naming results[0].raw', () => {
    const input = { results: [{ id: 'c-1', fields: {}, mappedFields: {} }] };
    const result = searchResponseSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'results[0].raw',
    ]);
  });
});
