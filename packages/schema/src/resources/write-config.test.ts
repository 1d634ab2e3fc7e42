import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import {
  fieldDefaultSchema,
  fieldSettingSchema,
  valueDefaultSchema,
  writeConfigSchema,
  writeObjectConfigSchema,
} from './write-config.js';

describe('write object config (interface: write config)', () => {
  it('accepts objectName alone', () => {
    const result = writeObjectConfigSchema.safeParse({ objectName: 'contacts' });
    expect(result.success).toBe(true);
    expect(result.data?.objectName).toBe('contacts');
  });

  it('accepts every field of a write object config', () => {
    const result = writeObjectConfigSchema.safeParse({
      objectName: 'contacts',
      deletionSettings: { enabled: true },
      selectedFieldSettings: { status: { default: { stringValue: 'new' } } },
      selectedValueDefaults: { source: { value: 'app' } },
    });
    expect(result.success).toBe(true);
    expect(result.data?.deletionSettings?.enabled).toBe(true);
    expect(result.data?.selectedFieldSettings?.status?.default?.stringValue).toBe('new');
    expect(result.data?.selectedValueDefaults?.source?.value).toBe('app');
  });

  it('refuses a write object config without objectName', () => {
    const input = { objects: { contacts: { deletionSettings: { enabled: false } } } };
    const result = writeConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body', 'config.content.write');
    expect(issues.map((i) => i.name)).toEqual(['config.content.write.objects.contacts.objectName']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an objectName that differs from its map key', () => {
    const input = { objects: { contacts: { objectName: 'leads' } } };
    const result = writeConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'objects.contacts.objectName',
    ]);
  });

  it('refuses deletionSettings without enabled', () => {
    const input = { objectName: 'contacts', deletionSettings: {} };
    const result = writeObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['deletionSettings.enabled']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses a deletionSettings.enabled that is not a boolean', () => {
    const input = { objectName: 'contacts', deletionSettings: { enabled: 'no' } };
    const result = writeObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'deletionSettings.enabled',
    ]);
  });

  it('accepts deletionSettings.enabled false', () => {
    const result = writeObjectConfigSchema.safeParse({
      objectName: 'contacts',
      deletionSettings: { enabled: false },
    });
    expect(result.success).toBe(true);
    expect(result.data?.deletionSettings?.enabled).toBe(false);
  });
});

describe('field setting default (interface: write config)', () => {
  it('accepts a stringValue alone', () => {
    const result = fieldDefaultSchema.safeParse({ stringValue: 'new' });
    expect(result.success).toBe(true);
    expect(result.data?.stringValue).toBe('new');
  });

  it('accepts an empty stringValue alone', () => {
    const result = fieldDefaultSchema.safeParse({ stringValue: '' });
    expect(result.success).toBe(true);
    expect(result.data?.stringValue).toBe('');
  });

  it('accepts an integerValue alone', () => {
    const result = fieldDefaultSchema.safeParse({ integerValue: 0 });
    expect(result.success).toBe(true);
    expect(result.data?.integerValue).toBe(0);
  });

  it('accepts a booleanValue alone', () => {
    const result = fieldDefaultSchema.safeParse({ booleanValue: false });
    expect(result.success).toBe(true);
    expect(result.data?.booleanValue).toBe(false);
  });

  it('refuses a default with none of the three values, naming the default', () => {
    const input = { objectName: 'contacts', selectedFieldSettings: { status: { default: {} } } };
    const result = writeObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['selectedFieldSettings.status.default']);
    expect(issues[0]?.detail).toBe('Set one of "stringValue", "integerValue" or "booleanValue".');
  });

  it('refuses a default with two values', () => {
    const input = { default: { stringValue: 'new', booleanValue: true } };
    const result = fieldSettingSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['default']);
    expect(issues[0]?.detail).toContain('only one');
    expect(issues[0]?.value).toEqual({ stringValue: 'new', booleanValue: true });
  });

  it('refuses a default with all three values', () => {
    const result = fieldDefaultSchema.safeParse({ stringValue: 'a', integerValue: 1, booleanValue: true });
    expect(result.success).toBe(false);
  });

  it('refuses integerValue 1.5, naming default.integerValue', () => {
    const input = { default: { integerValue: 1.5 } };
    const result = fieldSettingSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['default.integerValue']);
    expect(issues[0]?.value).toBe(1.5);
  });

  it('refuses a stringValue that is not a string', () => {
    const input = { stringValue: 5 };
    const result = fieldDefaultSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['stringValue']);
  });

  it('refuses an unknown kind of value in the default', () => {
    const input = { floatValue: 1.5 };
    const result = fieldDefaultSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toContain('floatValue');
  });
});

describe('field setting writeOnCreate and writeOnUpdate (interface: write config)', () => {
  it('defaults writeOnCreate and writeOnUpdate to always', () => {
    const result = fieldSettingSchema.safeParse({});
    expect(result.success).toBe(true);
    expect(result.data?.writeOnCreate).toBe('always');
    expect(result.data?.writeOnUpdate).toBe('always');
  });

  it('accepts writeOnCreate never', () => {
    const result = fieldSettingSchema.safeParse({ writeOnCreate: 'never' });
    expect(result.success).toBe(true);
    expect(result.data?.writeOnCreate).toBe('never');
  });

  it('refuses writeOnCreate ifEmpty', () => {
    const input = { writeOnCreate: 'ifEmpty' };
    const result = fieldSettingSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['writeOnCreate']);
    expect(issues[0]?.detail).toBe('Must be "always" or "never".');
  });

  it('accepts writeOnUpdate always, never and ifEmpty', () => {
    expect(fieldSettingSchema.safeParse({ writeOnUpdate: 'always' }).data?.writeOnUpdate).toBe('always');
    expect(fieldSettingSchema.safeParse({ writeOnUpdate: 'never' }).data?.writeOnUpdate).toBe('never');
    expect(fieldSettingSchema.safeParse({ writeOnUpdate: 'ifEmpty' }).data?.writeOnUpdate).toBe('ifEmpty');
  });

  it('refuses writeOnUpdate sometimes', () => {
    const input = { writeOnUpdate: 'sometimes' };
    const result = fieldSettingSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['writeOnUpdate']);
    expect(issues[0]?.value).toBe('sometimes');
  });

  it('refuses writeOnUpdate in another case (IfEmpty)', () => {
    expect(fieldSettingSchema.safeParse({ writeOnUpdate: 'IfEmpty' }).success).toBe(false);
  });
});

describe('value default (interface: write config, deprecated)', () => {
  it('accepts a string value', () => {
    const result = valueDefaultSchema.safeParse({ value: 'app' });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe('app');
    expect(result.data?.applyOnUpdate).toBeUndefined();
  });

  it('accepts an integer value', () => {
    const result = valueDefaultSchema.safeParse({ value: 3 });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe(3);
  });

  it('accepts a boolean value', () => {
    const result = valueDefaultSchema.safeParse({ value: true });
    expect(result.success).toBe(true);
    expect(result.data?.value).toBe(true);
  });

  it('refuses a non-integer number', () => {
    const input = { value: 1.5 };
    const result = valueDefaultSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['value']);
    expect(issues[0]?.value).toBe(1.5);
  });

  it('refuses a value default without value, saying it is required', () => {
    const input = { applyOnUpdate: 'never' };
    const result = valueDefaultSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['value']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
    expect(issues[0]?.detail).toBe('This property is required.');
  });

  it('accepts applyOnUpdate always and never', () => {
    expect(valueDefaultSchema.safeParse({ value: 'a', applyOnUpdate: 'always' }).data?.applyOnUpdate).toBe(
      'always',
    );
    expect(valueDefaultSchema.safeParse({ value: 'a', applyOnUpdate: 'never' }).data?.applyOnUpdate).toBe(
      'never',
    );
  });

  it('refuses applyOnUpdate ifEmpty, naming the full path', () => {
    const input = {
      objectName: 'contacts',
      selectedValueDefaults: { source: { value: 'a', applyOnUpdate: 'ifEmpty' } },
    };
    const result = writeObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'selectedValueDefaults.source.applyOnUpdate',
    ]);
  });
});
