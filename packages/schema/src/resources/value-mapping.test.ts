import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { providerValuesOf } from '../rules/value-mapping-rules.js';
import { manifestReadObjectSchema } from './manifest.js';
import { readObjectConfigSchema } from './read-config.js';
import { fieldValueMappingSchema, unmappedValuesSchema } from './value-mapping.js';

describe('a field value mapping (selectedValueMappings of one field)', () => {
  it('takes one provider value per app value, the shape the hosted service takes', () => {
    expect(fieldValueMappingSchema.safeParse({ won: 'closedwon', lost: 'closedlost' }).success).toBe(true);
  });

  it('takes several provider values for one app value', () => {
    const result = fieldValueMappingSchema.safeParse({ customer: ['customer', 'evangelist'], mql: 'mql' });
    expect(result.success).toBe(true);
    expect(providerValuesOf(result.data?.customer ?? [])).toEqual(['customer', 'evangelist']);
    expect(providerValuesOf(result.data?.mql ?? [])).toEqual(['mql']);
  });

  it('refuses an empty list: an app value must stand for some provider value', () => {
    expect(fieldValueMappingSchema.safeParse({ customer: [] }).success).toBe(false);
  });

  it('refuses a provider value mapped to two app values, naming where it repeats', () => {
    const input = {
      objectName: 'contacts',
      selectedValueMappings: { stage: { won: 'closedwon', customer: ['evangelist', 'closedwon'] } },
    };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['selectedValueMappings.stage.customer[1]']);
    expect(issues[0]?.value).toBe('closedwon');
    expect(issues[0]?.detail).toContain('already mapped to "won"');
  });

  it('refuses a provider value listed twice for one app value', () => {
    const result = fieldValueMappingSchema.safeParse({ customer: ['evangelist', 'evangelist'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['customer', 1]);
  });
});

describe('unmappedValues (manifest): what a value the user did not map delivers', () => {
  it('takes the three rules', () => {
    expect(unmappedValuesSchema.safeParse({ deliver: 'providerValue' }).success).toBe(true);
    expect(unmappedValuesSchema.safeParse({ deliver: 'nothing' }).success).toBe(true);
    expect(unmappedValuesSchema.safeParse({ deliver: 'default', value: 'other' }).success).toBe(true);
  });

  it('refuses a default without its value, and an unknown rule', () => {
    expect(unmappedValuesSchema.safeParse({ deliver: 'default' }).success).toBe(false);
    expect(unmappedValuesSchema.safeParse({ deliver: 'drop' }).success).toBe(false);
  });

  const stage = {
    mapToName: 'stage',
    mappedValues: [
      { mappedValue: 'won', mappedDisplayValue: 'Won' },
      { mappedValue: 'other', mappedDisplayValue: 'Other' },
    ],
  };

  it("accepts a default that is one of the field's mapped values", () => {
    const input = {
      objectName: 'deals',
      optionalFields: [{ ...stage, unmappedValues: { deliver: 'default', value: 'other' } }],
    };
    expect(manifestReadObjectSchema.safeParse(input).success).toBe(true);
  });

  it("refuses a default that is none of the field's mapped values, naming it", () => {
    const input = {
      objectName: 'deals',
      requiredFields: [
        { fieldName: 'amount' },
        { ...stage, unmappedValues: { deliver: 'default', value: 'lost' } },
      ],
    };
    const result = manifestReadObjectSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['requiredFields[1].unmappedValues.value']);
    expect(issues[0]?.detail).toContain('won, other');
  });

  it('refuses the rule on a field with no values to map', () => {
    const input = {
      objectName: 'deals',
      optionalFields: [{ mapToName: 'owner', unmappedValues: { deliver: 'nothing' } }],
    };
    const result = manifestReadObjectSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'optionalFields[0].unmappedValues',
    ]);
  });
});
