import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { fieldMappingEntrySchema, mappedValueSchema } from './field-mapping.js';

describe('field mapping entry (interface: read config)', () => {
  it('accepts mapToName alone', () => {
    const result = fieldMappingEntrySchema.safeParse({ mapToName: 'priority' });
    expect(result.success).toBe(true);
    expect(result.data?.mapToName).toBe('priority');
  });

  it('accepts every field of the entry', () => {
    const input = {
      mapToName: 'priority',
      mapToDisplayName: 'Priority',
      prompt: 'Which field holds the priority?',
      mappedValues: [
        { mappedValue: 'high', mappedDisplayValue: 'High' },
        { mappedValue: 'low', mappedDisplayValue: 'Low' },
      ],
      fieldName: 'lead_priority',
    };
    const result = fieldMappingEntrySchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data?.mappedValues?.[1]?.mappedDisplayValue).toBe('Low');
    expect(result.data?.fieldName).toBe('lead_priority');
  });

  it('refuses an entry without mapToName', () => {
    const input = { fieldName: 'lead_priority' };
    const result = fieldMappingEntrySchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['mapToName']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses a mapped value without mappedDisplayValue, naming the indexed member', () => {
    const input = {
      mapToName: 'priority',
      mappedValues: [{ mappedValue: 'high', mappedDisplayValue: 'High' }, { mappedValue: 'low' }],
    };
    const result = fieldMappingEntrySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'mappedValues[1].mappedDisplayValue',
    ]);
  });

  it('refuses a mapped value without mappedValue, naming the indexed member', () => {
    const input = { mapToName: 'priority', mappedValues: [{ mappedDisplayValue: 'High' }] };
    const result = fieldMappingEntrySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'mappedValues[0].mappedValue',
    ]);
  });

  it('refuses a mapped value with neither member, one issue per member', () => {
    const input = {};
    const result = mappedValueSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'mappedValue',
      'mappedDisplayValue',
    ]);
  });

  it('refuses a mapped value member that is not a string', () => {
    const input = { mappedValue: 1, mappedDisplayValue: 'One' };
    const result = mappedValueSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['mappedValue']);
  });

  it('refuses an unknown field of the entry', () => {
    const input = { mapToName: 'priority', required: true };
    const result = fieldMappingEntrySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['required']);
  });
});
