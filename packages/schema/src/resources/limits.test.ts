import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { configSchema } from './config.js';
import { installationRequestSchema } from './installation.js';
import { limits } from './limits.js';
import { readObjectConfigSchema } from './read-config.js';
import { readFiltersSchema } from './read-filter.js';
import { searchRequestSchema, searchResponseSchema } from './search.js';

describe('size limits', () => {
  it('accepts a groupRef of exactly limits.name characters', () => {
    const input = { groupRef: 'g'.repeat(limits.name), config: { content: { provider: 'sandboxcrm' } } };
    expect(installationRequestSchema.safeParse(input).success).toBe(true);
  });

  it('refuses a groupRef one character over limits.name', () => {
    const input = { groupRef: 'g'.repeat(limits.name + 1), config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['groupRef']);
    expect(issues[0]?.detail).toBe(`Must be at most ${limits.name} characters.`);
  });

  it('refuses a createdBy over limits.name', () => {
    const input = { content: { provider: 'sandboxcrm' }, createdBy: `api:${'x'.repeat(limits.name)}` };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['createdBy']);
  });

  it('refuses a search objectName over limits.name', () => {
    const input = { objectName: 'o'.repeat(limits.name + 1), fieldFilters: [] };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['objectName']);
  });

  it('accepts exactly limits.filters search filters', () => {
    const fieldFilters = Array.from({ length: limits.filters }, (_, i) => ({
      fieldName: `f${i}`,
      operator: 'eq',
      value: i,
    }));
    expect(searchRequestSchema.safeParse({ objectName: 'contacts', fieldFilters }).success).toBe(true);
  });

  it('refuses search filters over limits.filters, naming fieldFilters', () => {
    const fieldFilters = Array.from({ length: limits.filters + 1 }, (_, i) => ({
      fieldName: `f${i}`,
      operator: 'eq',
      value: i,
    }));
    const input = { objectName: 'contacts', fieldFilters };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters']);
    expect(issues[0]?.detail).toBe(`Must have at most ${limits.filters} items.`);
  });

  it('refuses read filters over limits.filters', () => {
    const filters = Array.from({ length: limits.filters + 1 }, (_, i) => ({
      fieldName: `f${i}`,
      operator: 'eq',
    }));
    expect(readFiltersSchema.safeParse(filters).success).toBe(false);
  });

  it('refuses a filter value over limits.text', () => {
    const input = {
      objectName: 'contacts',
      fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'x'.repeat(limits.text + 1) }],
    };
    const result = searchRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'fieldFilters[0].value',
    ]);
  });

  it('refuses a schedule over limits.schedule', () => {
    const schedule = `${'1,'.repeat(limits.schedule)}1 * * * *`;
    const input = { objectName: 'contacts', schedule };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['schedule']);
  });

  it('refuses selectedFields with more than limits.mapEntries entries', () => {
    const selectedFields = Object.fromEntries(
      Array.from({ length: limits.mapEntries + 1 }, (_, i) => [`f${i}`, true]),
    );
    const input = { objectName: 'contacts', selectedFields };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'selectedFields',
    ]);
  });

  it('refuses a search response with more than limits.searchPage results', () => {
    const results = Array.from({ length: limits.searchPage + 1 }, (_, i) => ({
      id: `c-${i}`,
      fields: {},
      mappedFields: {},
      raw: {},
    }));
    expect(searchResponseSchema.safeParse({ results }).success).toBe(false);
  });
});
