import { describe, expect, it } from 'vitest';
import type { UnmappedValues } from '../resources/value-mapping.js';
import type { MappingContext } from './field-resolution.js';
import {
  fieldMappings,
  mappedFieldsOf,
  resolveFieldName,
  resolveFilters,
  toMappedFields,
  toProviderValue,
} from './field-resolution.js';

const manifestObject: MappingContext['manifestObject'] = {
  requiredFields: [{ fieldName: 'email', mapToName: 'emailAddress' }, { fieldName: 'firstName' }],
  optionalFields: [
    { fieldName: 'status', mapToName: 'leadStatus' },
    { mapToName: 'priority', prompt: 'Which field holds the priority?' },
  ],
};

describe('fieldMappings', () => {
  it('takes manifest fields with both fieldName and mapToName as manifest mappings', () => {
    const mappings = fieldMappings({ manifestObject });
    expect(mappings.get('emailAddress')).toEqual({ providerField: 'email', source: 'manifest-mapping' });
    expect(mappings.get('leadStatus')).toEqual({ providerField: 'status', source: 'manifest-mapping' });
  });

  it('ignores a manifest field without mapToName', () => {
    const mappings = fieldMappings({ manifestObject });
    expect(mappings.has('firstName')).toBe(false);
  });

  it('ignores a manifest field without fieldName (a mapping the user makes)', () => {
    const mappings = fieldMappings({ manifestObject });
    expect(mappings.has('priority')).toBe(false);
    expect([...mappings.keys()].sort()).toEqual(['emailAddress', 'leadStatus']);
  });

  it('takes the installation selectedFieldMappings as installation mappings', () => {
    const mappings = fieldMappings({
      objectConfig: { selectedFieldMappings: { priority: 'lead_priority' } },
    });
    expect(mappings.get('priority')).toEqual({
      providerField: 'lead_priority',
      source: 'installation-mapping',
    });
  });

  it('lets the installation mapping win over the manifest mapping of the same name', () => {
    const mappings = fieldMappings({
      manifestObject,
      objectConfig: { selectedFieldMappings: { emailAddress: 'workEmail' } },
    });
    expect(mappings.get('emailAddress')).toEqual({
      providerField: 'workEmail',
      source: 'installation-mapping',
    });
    expect(mappings.get('leadStatus')?.source).toBe('manifest-mapping');
  });

  it('is empty without manifest and installation', () => {
    expect(fieldMappings({}).size).toBe(0);
  });
});

describe('resolveFieldName (interface: field names)', () => {
  it('resolves an installation mapped name to its provider field', () => {
    const resolved = resolveFieldName('priority', {
      manifestObject,
      objectConfig: { selectedFieldMappings: { priority: 'lead_priority' } },
    });
    expect(resolved).toEqual({
      requestedName: 'priority',
      providerField: 'lead_priority',
      source: 'installation-mapping',
    });
  });

  it('resolves a manifest mapped name (fieldName + mapToName) to its provider field', () => {
    const resolved = resolveFieldName('emailAddress', { manifestObject });
    expect(resolved.providerField).toBe('email');
    expect(resolved.source).toBe('manifest-mapping');
  });

  it('prefers the installation mapping over the manifest mapping', () => {
    const resolved = resolveFieldName('emailAddress', {
      manifestObject,
      objectConfig: { selectedFieldMappings: { emailAddress: 'workEmail' } },
    });
    expect(resolved.providerField).toBe('workEmail');
    expect(resolved.source).toBe('installation-mapping');
  });

  it('takes an unmapped name as the provider field name', () => {
    const resolved = resolveFieldName('score', {
      manifestObject,
      objectConfig: { selectedFieldMappings: { priority: 'lead_priority' } },
    });
    expect(resolved).toEqual({ requestedName: 'score', providerField: 'score', source: 'provider' });
  });

  it('takes a provider field behind a mapping by its own name too', () => {
    const resolved = resolveFieldName('email', { manifestObject });
    expect(resolved.providerField).toBe('email');
    expect(resolved.source).toBe('provider');
  });

  it('carries the value mapping of a mapped name', () => {
    const resolved = resolveFieldName('leadStatus', {
      manifestObject,
      objectConfig: { selectedValueMappings: { leadStatus: { active: 'Open', inactive: 'Closed' } } },
    });
    expect(resolved.providerField).toBe('status');
    expect(resolved.valueMapping).toEqual({ active: 'Open', inactive: 'Closed' });
  });

  it('carries no value mapping for a mapped name without one', () => {
    const resolved = resolveFieldName('emailAddress', {
      manifestObject,
      objectConfig: { selectedValueMappings: { leadStatus: { active: 'Open' } } },
    });
    expect(resolved.valueMapping).toBeUndefined();
    expect('valueMapping' in resolved).toBe(false);
  });
});

describe('toProviderValue', () => {
  const field = resolveFieldName('leadStatus', {
    manifestObject,
    objectConfig: { selectedValueMappings: { leadStatus: { active: 'Open', inactive: 'Closed' } } },
  });

  it('translates an app-side value to the provider value', () => {
    expect(toProviderValue('active', field)).toBe('Open');
    expect(toProviderValue('inactive', field)).toBe('Closed');
  });

  it('passes a value with no mapping unchanged', () => {
    expect(toProviderValue('Open', field)).toBe('Open');
    expect(toProviderValue('unknown', field)).toBe('unknown');
  });

  it('passes numbers and booleans unchanged', () => {
    expect(toProviderValue(1, field)).toBe(1);
    expect(toProviderValue(true, field)).toBe(true);
  });

  it('does not take inherited keys such as toString as mappings', () => {
    expect(toProviderValue('toString', field)).toBe('toString');
  });

  it('passes a value unchanged for a field without a value mapping', () => {
    const unmapped = resolveFieldName('score', { manifestObject });
    expect(toProviderValue('active', unmapped)).toBe('active');
  });
});

describe('toMappedFields (interface: search result item, mappedFields)', () => {
  const ctx: MappingContext = {
    manifestObject,
    objectConfig: {
      selectedFieldMappings: { priority: 'lead_priority' },
      selectedValueMappings: { leadStatus: { active: 'Open', inactive: 'Closed' } },
    },
  };

  it('returns each mapped name with the provider value behind it', () => {
    const mapped = toMappedFields({ email: 'ada@example.com', lead_priority: 'high', score: 3 }, ctx);
    expect(mapped.emailAddress).toBe('ada@example.com');
    expect(mapped.priority).toBe('high');
  });

  it('leaves out unmapped provider fields', () => {
    const mapped = toMappedFields({ email: 'ada@example.com', score: 3, firstName: 'Ada' }, ctx);
    expect(Object.keys(mapped)).toEqual(['emailAddress']);
  });

  it('applies the value mapping in reverse: provider value to app value', () => {
    expect(toMappedFields({ status: 'Open' }, ctx).leadStatus).toBe('active');
    expect(toMappedFields({ status: 'Closed' }, ctx).leadStatus).toBe('inactive');
  });

  it('passes a provider value with no reverse mapping unchanged', () => {
    expect(toMappedFields({ status: 'Pending' }, ctx).leadStatus).toBe('Pending');
  });

  it('passes a non-string value unchanged', () => {
    expect(toMappedFields({ status: 7 }, ctx).leadStatus).toBe(7);
  });

  it('keeps a present null value', () => {
    const mapped = toMappedFields({ lead_priority: null }, ctx);
    expect(Object.hasOwn(mapped, 'priority')).toBe(true);
    expect(mapped.priority).toBeNull();
  });

  it('uses the installation mapping over the manifest mapping', () => {
    const mapped = toMappedFields(
      { email: 'ada@example.com', workEmail: 'ada@work.example' },
      { manifestObject, objectConfig: { selectedFieldMappings: { emailAddress: 'workEmail' } } },
    );
    expect(mapped.emailAddress).toBe('ada@work.example');
  });

  it('returns an empty object when nothing is mapped', () => {
    expect(toMappedFields({ email: 'ada@example.com' }, {})).toEqual({});
  });

  it('gives the first app value when two name the same provider value', () => {
    const twoForOpen: MappingContext = {
      manifestObject,
      objectConfig: { selectedValueMappings: { leadStatus: { active: 'Open', reopened: 'Open' } } },
    };
    expect(toMappedFields({ status: 'Open' }, twoForOpen).leadStatus).toBe('active');
  });

  it('shapes many records alike once prepared (mappedFieldsOf)', () => {
    const mappedFields = mappedFieldsOf(ctx);
    const records = [{ status: 'Open', lead_priority: 'high' }, { status: 'Closed' }, { status: 'Pending' }];
    expect(records.map(mappedFields)).toEqual(records.map((fields) => toMappedFields(fields, ctx)));
    expect(records.map(mappedFields).map((m) => m.leadStatus)).toEqual(['active', 'inactive', 'Pending']);
  });
});

describe('toMappedFields: several provider values, and values left unmapped', () => {
  const stageField = {
    fieldName: 'lifecycleStage',
    mapToName: 'funnelStage',
    mappedValues: [
      { mappedValue: 'mql', mappedDisplayValue: 'Marketing qualified' },
      { mappedValue: 'customer', mappedDisplayValue: 'Customer' },
    ],
  };
  const withRule = (unmappedValues?: UnmappedValues): MappingContext => ({
    manifestObject: { optionalFields: [{ ...stageField, ...(unmappedValues ? { unmappedValues } : {}) }] },
    objectConfig: {
      selectedValueMappings: {
        funnelStage: { mql: 'marketingqualifiedlead', customer: ['customer', 'evangelist'] },
      },
    },
  });

  it('delivers one app value for each of the provider values it stands for', () => {
    const mappedFields = mappedFieldsOf(withRule());
    expect(mappedFields({ lifecycleStage: 'customer' }).funnelStage).toBe('customer');
    expect(mappedFields({ lifecycleStage: 'evangelist' }).funnelStage).toBe('customer');
    expect(mappedFields({ lifecycleStage: 'marketingqualifiedlead' }).funnelStage).toBe('mql');
  });

  it('delivers an unmapped provider value as it is when the manifest says nothing', () => {
    expect(toMappedFields({ lifecycleStage: 'lead' }, withRule()).funnelStage).toBe('lead');
  });

  it('delivers null for an unmapped value when the manifest says to deliver nothing', () => {
    const mapped = toMappedFields({ lifecycleStage: 'lead' }, withRule({ deliver: 'nothing' }));
    expect(Object.hasOwn(mapped, 'funnelStage')).toBe(true);
    expect(mapped.funnelStage).toBeNull();
  });

  it("delivers the manifest's default app value for an unmapped value", () => {
    const ctx = withRule({ deliver: 'default', value: 'mql' });
    expect(toMappedFields({ lifecycleStage: 'lead' }, ctx).funnelStage).toBe('mql');
    expect(toMappedFields({ lifecycleStage: 'evangelist' }, ctx).funnelStage).toBe('customer');
  });

  it('applies the rule when the installation mapped no value of the field at all', () => {
    const ctx: MappingContext = {
      manifestObject: { optionalFields: [{ ...stageField, unmappedValues: { deliver: 'nothing' } }] },
    };
    expect(toMappedFields({ lifecycleStage: 'customer' }, ctx).funnelStage).toBeNull();
  });

  it('keeps a missing or null provider value as it is, whatever the rule', () => {
    const ctx = withRule({ deliver: 'default', value: 'mql' });
    expect(toMappedFields({ lifecycleStage: null }, ctx).funnelStage).toBeNull();
    expect(Object.hasOwn(toMappedFields({}, ctx), 'funnelStage')).toBe(false);
  });

  it('leaves a field without values to map alone, whatever value it holds', () => {
    const ctx: MappingContext = {
      manifestObject: { requiredFields: [{ fieldName: 'email', mapToName: 'mail' }] },
    };
    expect(toMappedFields({ email: 'ada@example.com' }, ctx).mail).toBe('ada@example.com');
  });

  it('filters an app value standing for several provider values by each of them', () => {
    const field = resolveFieldName('funnelStage', withRule());
    expect(toProviderValue('customer', field)).toEqual(['customer', 'evangelist']);
    expect(toProviderValue('mql', field)).toBe('marketingqualifiedlead');
  });
});

describe('resolveFilters', () => {
  const ctx: MappingContext = {
    manifestObject,
    objectConfig: {
      selectedFieldMappings: { tier: 'customerTier' },
      selectedValueMappings: { tier: { gold: 'GOLD' } },
    },
  };

  it('resolves each filter in order: mapped names to their provider field, values through the value mapping', () => {
    const resolved = resolveFilters(
      [
        { fieldName: 'tier', value: 'gold' },
        { fieldName: 'emailAddress', value: 'a@example.com' },
        { fieldName: 'lastName', value: 'Ng' },
      ],
      ctx,
    );
    expect(
      resolved.map((filter) => [filter.field.providerField, filter.value, filter.providerValue]),
    ).toEqual([
      ['customerTier', 'gold', 'GOLD'],
      ['email', 'a@example.com', 'a@example.com'],
      ['lastName', 'Ng', 'Ng'],
    ]);
    expect(resolved.map((filter) => filter.field.source)).toEqual([
      'installation-mapping',
      'manifest-mapping',
      'provider',
    ]);
  });

  it('keeps a value the mapping does not name, and a missing value, as given', () => {
    const resolved = resolveFilters(
      [
        { fieldName: 'tier', value: 'silver' as string | undefined },
        { fieldName: 'tier', value: undefined },
      ],
      ctx,
    );
    expect(resolved.map((filter) => filter.providerValue)).toEqual(['silver', undefined]);
  });
});
