import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { backfillPeriodSchema, backfillSchema } from './backfill.js';
import { configSchema } from './config.js';

describe('backfill (interface: read config, limits)', () => {
  it('accepts a default period of 30 days', () => {
    const result = backfillSchema.safeParse({ defaultPeriod: { days: 30 } });
    expect(result.success).toBe(true);
    expect(result.data?.defaultPeriod.days).toBe(30);
  });

  it('accepts days 0, meaning no backfill', () => {
    const result = backfillPeriodSchema.safeParse({ days: 0 });
    expect(result.success).toBe(true);
    expect(result.data?.days).toBe(0);
  });

  it('accepts fullHistory alone', () => {
    const result = backfillPeriodSchema.safeParse({ fullHistory: true });
    expect(result.success).toBe(true);
    expect(result.data?.fullHistory).toBe(true);
    expect(result.data?.days).toBeUndefined();
  });

  it('accepts days and fullHistory together', () => {
    const result = backfillPeriodSchema.safeParse({ days: 7, fullHistory: false });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ days: 7, fullHistory: false });
  });

  it('refuses a backfill without defaultPeriod', () => {
    const input = { fieldFilters: [] };
    const result = backfillSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['defaultPeriod']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses a backfill period with neither days nor fullHistory, on the full days path', () => {
    const input = {
      content: {
        provider: 'sandboxcrm',
        read: { objects: { contacts: { objectName: 'contacts', backfill: { defaultPeriod: {} } } } },
      },
    };
    const result = configSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body', 'config');
    expect(issues.map((i) => i.name)).toEqual([
      'config.content.read.objects.contacts.backfill.defaultPeriod.days',
    ]);
    expect(issues[0]?.detail).toContain('fullHistory');
  });

  it('refuses days -1, carrying the value', () => {
    const input = { days: -1 };
    const result = backfillPeriodSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['days']);
    expect(issues[0]?.value).toBe(-1);
    expect(issues[0]?.detail).toBe('Must be at least 0.');
  });

  it('refuses days 1.5', () => {
    const input = { days: 1.5 };
    const result = backfillPeriodSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['days']);
    expect(issues[0]?.value).toBe(1.5);
  });

  it('refuses days given as a string', () => {
    const input = { days: '30' };
    const result = backfillPeriodSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['days']);
  });

  it('refuses fullHistory that is not a boolean', () => {
    const input = { fullHistory: 'yes' };
    const result = backfillPeriodSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['fullHistory']);
  });

  it('accepts backfill-only field filters', () => {
    const result = backfillSchema.safeParse({
      defaultPeriod: { days: 90 },
      fieldFilters: [{ fieldName: 'status', operator: 'eq', value: 'active' }],
    });
    expect(result.success).toBe(true);
    expect(result.data?.fieldFilters?.[0]?.value).toBe('active');
  });

  it('refuses a backfill filter with another operator, naming its index', () => {
    const input = {
      defaultPeriod: { days: 90 },
      fieldFilters: [
        { fieldName: 'status', operator: 'eq', value: 'active' },
        { fieldName: 'score', operator: 'gt', value: 5 },
      ],
    };
    const result = backfillSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'fieldFilters[1].operator',
    ]);
  });
});
