import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { readFilterSchema, readFiltersSchema } from './read-filter.js';

describe('read filter (interface: read config)', () => {
  it('accepts a string value', () => {
    const result = readFilterSchema.safeParse({ fieldName: 'status', operator: 'eq', value: 'active' });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe('active');
  });

  it('accepts a boolean value', () => {
    const result = readFilterSchema.safeParse({ fieldName: 'isCustomer', operator: 'eq', value: false });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe(false);
  });

  it('accepts a number value', () => {
    const result = readFilterSchema.safeParse({ fieldName: 'score', operator: 'eq', value: 4.5 });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe(4.5);
  });

  it('accepts a filter without value (value is optional in read filters)', () => {
    const result = readFilterSchema.safeParse({ fieldName: 'status', operator: 'eq' });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBeUndefined();
  });

  it('refuses an operator other than eq', () => {
    const input = { fieldName: 'score', operator: 'neq', value: 1 };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['operator']);
    expect(issues[0]?.value).toBe('neq');
    expect(issues[0]?.detail).toBe('Must be "eq".');
  });

  it('refuses a missing operator, saying it is required', () => {
    const input = { fieldName: 'score', value: 1 };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['operator']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
    expect(issues[0]?.detail).toContain('required');
  });

  it('refuses a missing fieldName', () => {
    const input = { operator: 'eq', value: 1 };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['fieldName']);
  });

  it('refuses a null value, carrying null', () => {
    const input = { fieldName: 'status', operator: 'eq', value: null };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['value']);
    expect(issues[0]?.value).toBeNull();
    expect('value' in (issues[0] ?? {})).toBe(true);
  });

  it('refuses an object value', () => {
    const input = { fieldName: 'status', operator: 'eq', value: { in: ['a'] } };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['value']);
    expect(issues[0]?.value).toEqual({ in: ['a'] });
  });

  it('refuses an array value', () => {
    const input = { fieldName: 'status', operator: 'eq', value: ['a', 'b'] };
    const result = readFilterSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['value']);
  });

  it('accepts conditions on different fields', () => {
    const result = readFiltersSchema.safeParse([
      { fieldName: 'status', operator: 'eq', value: 'active' },
      { fieldName: 'isCustomer', operator: 'eq', value: true },
    ]);
    expect(result.success).toBe(true);
    expect(result.data?.length).toBe(2);
  });

  it('refuses two conditions on one field, with the issue on the second fieldName', () => {
    const input = {
      fieldFilters: [
        { fieldName: 'status', operator: 'eq', value: 'active' },
        { fieldName: 'status', operator: 'eq', value: 'lead' },
      ],
    };
    const result = readFiltersSchema.safeParse(input.fieldFilters);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input.fieldFilters, 'body', 'fieldFilters');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[1].fieldName']);
    expect(issues[0]?.value).toBe('status');
    expect(issues[0]?.detail).toContain('only one');
  });

  it('reports a third condition on a field too, each at its own index', () => {
    const input = [
      { fieldName: 'status', operator: 'eq', value: 'a' },
      { fieldName: 'score', operator: 'eq', value: 1 },
      { fieldName: 'status', operator: 'eq', value: 'b' },
      { fieldName: 'status', operator: 'eq', value: 'c' },
    ];
    const result = readFiltersSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      '[2].fieldName',
      '[3].fieldName',
    ]);
  });

  it('reports a repeated field in the same answer as a malformed condition elsewhere in the list', () => {
    const input = [
      { fieldName: 'a', operator: 'eq' },
      { fieldName: 'a', operator: 'eq' },
      { fieldName: 'b', operator: 'ne' },
    ];
    const result = readFiltersSchema.safeParse(input);
    expect(result.success).toBe(false);
    const names = toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name);
    expect(names.sort()).toEqual(['[1].fieldName', '[2].operator']);
  });
});
