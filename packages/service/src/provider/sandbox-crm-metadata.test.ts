import { generateSandboxData } from '@splice/sandbox-data';
import { objectMetadataSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { getObjectMetadata, listObjects, sandboxObjects } from './sandbox-crm-metadata.js';

describe('sandbox CRM metadata', () => {
  it('lists contacts, companies and deals, each valid ObjectMetadata', () => {
    expect(listObjects().map((o) => o.name)).toEqual(['contacts', 'companies', 'deals']);
    for (const metadata of listObjects()) {
      expect(objectMetadataSchema.parse(metadata)).toEqual(metadata);
      for (const [key, field] of Object.entries(metadata.fields)) expect(field.fieldName).toBe(key);
    }
  });

  it('describes the fields search and the wizard rely on', () => {
    const contacts = getObjectMetadata('contacts')!;
    expect(contacts.fields.email).toMatchObject({ valueType: 'string', isRequired: true });
    expect(contacts.fields.status).toMatchObject({ valueType: 'singleSelect', providerType: 'enumeration' });
    expect(contacts.fields.status?.values).toContainEqual({ value: 'customer', displayValue: 'Customer' });
    expect(contacts.fields.score?.valueType).toBe('int');
    expect(contacts.fields.annualRevenue?.valueType).toBe('float');
    expect(contacts.fields.isCustomer?.valueType).toBe('boolean');
    expect(contacts.fields.createdAt).toMatchObject({ valueType: 'datetime', readOnly: true });
    expect(contacts.fields.companyId).toMatchObject({ valueType: 'reference', referenceTo: ['companies'] });
    expect(getObjectMetadata('deals')!.fields.stage?.values).toContainEqual({
      value: 'closed_won',
      displayValue: 'Closed Won',
    });
    expect(getObjectMetadata('deals')!.fields.closeDate?.valueType).toBe('date');
  });

  it('has no object for unknown or inherited names', () => {
    expect(getObjectMetadata('tickets')).toBeUndefined();
    expect(getObjectMetadata('constructor')).toBeUndefined();
    expect(getObjectMetadata('__proto__')).toBeUndefined();
  });

  it('is frozen, so no caller can change what another sees', () => {
    expect(() => {
      (sandboxObjects.contacts!.fields.email as { displayName: string }).displayName = 'changed';
    }).toThrow(TypeError);
  });

  it('matches the generated records: same field names, picklist values among the declared ones', () => {
    const data = generateSandboxData({ contacts: 200, companies: 20, deals: 50 });
    const sets = { companies: data.companies, contacts: [...data.contacts], deals: [...data.deals] };
    for (const [objectName, records] of Object.entries(sets)) {
      const { fields } = getObjectMetadata(objectName)!;
      for (const record of records) {
        expect(Object.keys(record).sort()).toEqual(Object.keys(fields).sort());
        for (const field of Object.values(fields)) {
          const value = record[field.fieldName];
          if (field.values && value !== null) {
            expect(field.values.map((v) => v.value)).toContain(value);
          }
        }
      }
    }
  });
});
