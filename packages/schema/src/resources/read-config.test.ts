import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { readConfigSchema, readObjectConfigSchema, scheduleSchema } from './read-config.js';

describe('read object config (interface: read config)', () => {
  it('accepts all eleven fields', () => {
    const input = {
      objectName: 'contacts',
      schedule: '*/15 * * * *',
      disabled: false,
      destination: 'contactsWebhook',
      selectedFields: { email: true, phone: false },
      selectedValueMappings: { status: { active: 'Open', inactive: 'Closed' } },
      dynamicMappingsInput: [{ mapToName: 'status', fieldName: 'lead_status' }],
      selectedFieldMappings: { status: 'lead_status' },
      selectedFieldsAuto: 'all',
      backfill: { defaultPeriod: { days: 30 } },
      fieldFilters: [{ fieldName: 'isCustomer', operator: 'eq', value: true }],
    };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(Object.keys(result.data ?? {}).sort()).toEqual([
      'backfill',
      'destination',
      'disabled',
      'dynamicMappingsInput',
      'fieldFilters',
      'objectName',
      'schedule',
      'selectedFieldMappings',
      'selectedFields',
      'selectedFieldsAuto',
      'selectedValueMappings',
    ]);
    expect(result.data?.selectedValueMappings?.status?.active).toBe('Open');
    expect(result.data?.selectedFieldMappings?.status).toBe('lead_status');
  });

  it('accepts objectName alone', () => {
    const result = readObjectConfigSchema.safeParse({ objectName: 'contacts' });
    expect(result.success).toBe(true);
    expect(result.data?.disabled).toBeUndefined();
  });

  it('refuses a read object config without objectName, naming its full path', () => {
    const input = { content: { read: { objects: { contacts: { schedule: '*/15 * * * *' } } } } };
    const result = readConfigSchema.safeParse(input.content.read);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input.content.read, 'body', 'config.content.read');
    expect(issues.map((i) => i.name)).toEqual(['config.content.read.objects.contacts.objectName']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
  });

  it('refuses an objectName that differs from its map key, naming that objectName', () => {
    const input = { objects: { contacts: { objectName: 'companies' } } };
    const result = readConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['objects.contacts.objectName']);
    expect(issues[0]?.value).toBe('companies');
  });

  it('accepts several objects each named after its key', () => {
    const result = readConfigSchema.safeParse({
      objects: { contacts: { objectName: 'contacts' }, deals: { objectName: 'deals', disabled: true } },
    });
    expect(result.success).toBe(true);
    expect(Object.keys(result.data?.objects ?? {})).toEqual(['contacts', 'deals']);
  });

  it('accepts selectedFieldsAuto all', () => {
    const result = readObjectConfigSchema.safeParse({ objectName: 'contacts', selectedFieldsAuto: 'all' });
    expect(result.success).toBe(true);
    expect(result.data?.selectedFieldsAuto).toBe('all');
  });

  it('refuses selectedFieldsAuto other than all', () => {
    const input = { objectName: 'contacts', selectedFieldsAuto: 'none' };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['selectedFieldsAuto']);
    expect(issues[0]?.detail).toBe('Must be "all".');
    expect(issues[0]?.value).toBe('none');
  });

  it('accepts a five-field cron schedule', () => {
    expect(scheduleSchema.safeParse('*/15 * * * *').success).toBe(true);
    expect(scheduleSchema.safeParse('0 9 * * 1-5').success).toBe(true);
  });

  it('refuses a schedule that is not cron shaped, naming schedule', () => {
    const input = { objectName: 'contacts', schedule: 'every 15 minutes' };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['schedule']);
    expect(issues[0]?.detail).toContain('five fields');
  });

  it('refuses five fields that are not cron, saying which field is wrong', () => {
    for (const [schedule, detail] of [
      ['a b c d e', '"a" is not a valid minute'],
      ['61 * * * *', '61 is out of range for the minute'],
      ['0 0 30 2 *', 'never runs'],
    ] as const) {
      const input = { objectName: 'contacts', schedule };
      const result = readObjectConfigSchema.safeParse(input);
      expect(result.success, schedule).toBe(false);
      const issues = toIssues(result.error?.issues ?? [], input, 'body');
      expect(issues).toMatchObject([{ name: 'schedule', value: schedule }]);
      expect(issues[0]?.detail).toContain(detail);
    }
  });

  it('refuses a schedule with four or six fields', () => {
    expect(scheduleSchema.safeParse('* * * *').success).toBe(false);
    expect(scheduleSchema.safeParse('0 * * * * *').success).toBe(false);
  });

  it('accepts disabled true', () => {
    const result = readObjectConfigSchema.safeParse({ objectName: 'contacts', disabled: true });
    expect(result.success).toBe(true);
    expect(result.data?.disabled).toBe(true);
  });

  it('refuses a disabled that is not a boolean', () => {
    const input = { objectName: 'contacts', disabled: 'true' };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['disabled']);
    expect(issues[0]?.value).toBe('true');
  });

  it('refuses selectedFields whose values are not booleans, naming the field', () => {
    const input = { objectName: 'contacts', selectedFields: { email: true, phone: 'yes' } };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'selectedFields.phone',
    ]);
  });

  it('refuses selectedValueMappings whose inner values are not strings', () => {
    const input = { objectName: 'contacts', selectedValueMappings: { status: { active: 1 } } };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'selectedValueMappings.status.active',
    ]);
  });

  it('refuses selectedFieldMappings whose values are not strings', () => {
    const input = { objectName: 'contacts', selectedFieldMappings: { status: true } };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'selectedFieldMappings.status',
    ]);
  });

  it('refuses a destination that is not a string', () => {
    const input = { objectName: 'contacts', destination: 5 };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual(['destination']);
  });

  it('refuses an unknown field of a read object config', () => {
    const input = { objectName: 'contacts', enabled: 'always' };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['enabled']);
    expect(issues[0]?.type).toBe('urn:problem-type:unknown-property');
  });

  it('names the indexed path of an error inside dynamicMappingsInput', () => {
    const input = { objectName: 'contacts', dynamicMappingsInput: [{ mapToName: 'a' }, { prompt: 'Pick' }] };
    const result = readObjectConfigSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'dynamicMappingsInput[1].mapToName',
    ]);
  });
});

describe('map keys', () => {
  it('names a "__proto__" key, which zod drops without a word, so a server can refuse it', async () => {
    const { protoKeyIssues } = await import('../rules/issues.js');
    const input = JSON.parse('{"objectName":"contacts","selectedFields":{"__proto__":true,"email":true}}');
    expect(protoKeyIssues(input, 'body').map((i) => i.name)).toEqual(['selectedFields.__proto__']);
    expect(protoKeyIssues({ objectName: 'contacts', selectedFields: { email: true } }, 'body')).toEqual([]);
  });
});
