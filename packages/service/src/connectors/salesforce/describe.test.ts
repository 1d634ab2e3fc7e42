import { describe, expect, it } from 'vitest';
import { DescribedFields, type DescribeField, toObjectMetadata, valueTypeOf } from './describe.js';

const base = {
  createable: true,
  updateable: true,
  nillable: true,
  defaultedOnCreate: false,
  custom: false,
};
const fields: DescribeField[] = [
  {
    ...base,
    name: 'Id',
    label: 'Record ID',
    type: 'id',
    createable: false,
    updateable: false,
    nillable: false,
    defaultedOnCreate: true,
  },
  { ...base, name: 'LastName', label: 'Last Name', type: 'string', nillable: false },
  {
    ...base,
    name: 'LeadSource',
    label: 'Lead Source',
    type: 'picklist',
    picklistValues: [
      { active: true, label: 'Web', value: 'Web' },
      { active: false, label: 'Fax', value: 'Fax' },
      { active: true, label: null, value: 'Other' },
    ],
  },
  {
    ...base,
    name: 'Interests__c',
    label: 'Interests',
    type: 'multipicklist',
    custom: true,
    picklistValues: [{ active: true, label: 'Golf', value: 'golf' }],
  },
  { ...base, name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: ['Account'] },
  {
    ...base,
    name: 'HasOptedOutOfEmail',
    label: 'Email Opt Out',
    type: 'boolean',
    nillable: false,
    defaultedOnCreate: true,
  },
  {
    ...base,
    name: 'IsWon',
    label: 'Won',
    type: 'boolean',
    createable: false,
    updateable: false,
    nillable: false,
    defaultedOnCreate: true,
  },
  { ...base, name: 'Probability', label: 'Probability', type: 'percent' },
  {
    ...base,
    name: 'External__c',
    label: 'External',
    type: 'string',
    updateable: false,
    nillable: false,
    custom: true,
  },
  {
    ...base,
    name: 'MailingAddress',
    label: 'Mailing Address',
    type: 'address',
    createable: false,
    updateable: false,
  },
];
const metadata = toObjectMetadata({ name: 'Contact', label: 'Contact', fields });

describe('toObjectMetadata', () => {
  it('names the object and keys every field by its API name', () => {
    expect(metadata.name).toBe('Contact');
    expect(metadata.displayName).toBe('Contact');
    expect(Object.keys(metadata.fields)).toEqual(fields.map((field) => field.name));
  });

  it('turns a picklist into a single select with its active values, labels as display values', () => {
    expect(metadata.fields.LeadSource).toMatchObject({
      valueType: 'singleSelect',
      providerType: 'picklist',
      values: [
        { value: 'Web', displayValue: 'Web' },
        { value: 'Other', displayValue: 'Other' },
      ],
    });
    expect(metadata.fields.Interests__c).toMatchObject({
      valueType: 'multiSelect',
      isCustom: true,
      values: [{ value: 'golf', displayValue: 'Golf' }],
    });
  });

  it('gives a reference the objects it points to', () => {
    expect(metadata.fields.AccountId).toMatchObject({ valueType: 'reference', referenceTo: ['Account'] });
    expect(metadata.fields.LastName?.referenceTo).toBeUndefined();
  });

  it('is read-only when neither creatable nor updatable; required when creatable, not nillable and not defaulted', () => {
    expect(metadata.fields.Id).toMatchObject({ readOnly: true, isRequired: false, valueType: 'string' });
    expect(metadata.fields.IsWon).toMatchObject({ readOnly: true, isRequired: false });
    expect(metadata.fields.LastName).toMatchObject({ readOnly: false, isRequired: true });
    expect(metadata.fields.HasOptedOutOfEmail).toMatchObject({ isRequired: false, valueType: 'boolean' });
    // Set once on create, never updated: writable, so not read-only, and required.
    expect(metadata.fields.External__c).toMatchObject({ readOnly: false, isRequired: true });
  });

  it('maps numbers to int or float and compound types to other', () => {
    expect(['int', 'long', 'double', 'currency', 'percent'].map(valueTypeOf)).toEqual([
      'int',
      'int',
      'float',
      'float',
      'float',
    ]);
    expect(['date', 'datetime', 'email', 'textarea', 'base64', 'location'].map(valueTypeOf)).toEqual([
      'date',
      'datetime',
      'string',
      'string',
      'other',
      'other',
    ]);
    expect(metadata.fields.MailingAddress?.valueType).toBe('other');
  });
});

describe('DescribedFields', () => {
  const described = new DescribedFields({ name: 'Contact', label: 'Contact', fields });

  it('finds a field case-insensitively, as Salesforce does, and answers its own spelling', () => {
    expect(described.get('lastname')?.name).toBe('LastName');
    expect(described.get("LastName' OR Id != '")).toBeUndefined();
  });

  it('reads every field but the compound ones by default', () => {
    expect(described.defaultFieldNames()).not.toContain('MailingAddress');
    expect(described.defaultFieldNames()).toContain('LeadSource');
  });
});
