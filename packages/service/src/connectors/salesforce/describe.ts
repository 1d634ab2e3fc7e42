/**
 * An sObject's describe (`GET /sobjects/{object}/describe`) as the service's `ObjectMetadata`: the field
 * lists and picklists of the wizard, and the field names a query may contain.
 */
import type { FieldMetadata, ObjectMetadata, ValueType } from '@splice/schema';
import * as z from 'zod/mini';

const picklistValueSchema = z.object({
  active: z.boolean(),
  label: z.nullable(z.string()),
  value: z.string(),
});

export const describeFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  createable: z.boolean(),
  updateable: z.boolean(),
  nillable: z.boolean(),
  defaultedOnCreate: z.boolean(),
  custom: z.boolean(),
  filterable: z.optional(z.boolean()),
  picklistValues: z.optional(z.nullable(z.array(picklistValueSchema))),
  referenceTo: z.optional(z.nullable(z.array(z.string()))),
});
export type DescribeField = z.infer<typeof describeFieldSchema>;

export const describeSchema = z.object({
  name: z.string(),
  label: z.string(),
  fields: z.array(describeFieldSchema),
});
export type SObjectDescribe = z.infer<typeof describeSchema>;

const valueTypes: Record<string, ValueType> = {
  picklist: 'singleSelect',
  multipicklist: 'multiSelect',
  reference: 'reference',
  boolean: 'boolean',
  int: 'int',
  long: 'int',
  double: 'float',
  currency: 'float',
  percent: 'float',
  date: 'date',
  datetime: 'datetime',
  id: 'string',
  string: 'string',
  textarea: 'string',
  email: 'string',
  phone: 'string',
  url: 'string',
  combobox: 'string',
  encryptedstring: 'string',
};

/** The service's value type of a Salesforce field type; compound and binary types are `other`. */
export const valueTypeOf = (type: string): ValueType => valueTypes[type] ?? 'other';

export function toFieldMetadata(field: DescribeField): FieldMetadata {
  const valueType = valueTypeOf(field.type);
  const metadata: FieldMetadata = {
    fieldName: field.name,
    displayName: field.label,
    valueType,
    providerType: field.type,
    readOnly: !field.createable && !field.updateable,
    isCustom: field.custom,
    // Salesforce fills a field that is defaulted on create; one the caller cannot create is never theirs to give.
    isRequired: field.createable && !field.nillable && !field.defaultedOnCreate,
  };
  if (valueType === 'reference') metadata.referenceTo = [...(field.referenceTo ?? [])];
  if (valueType === 'singleSelect' || valueType === 'multiSelect') {
    metadata.values = (field.picklistValues ?? [])
      .filter((option) => option.active)
      .map((option) => ({ value: option.value, displayValue: option.label ?? option.value }));
  }
  return metadata;
}

export function toObjectMetadata(describe: SObjectDescribe): ObjectMetadata {
  return {
    name: describe.name,
    displayName: describe.label,
    fields: Object.fromEntries(describe.fields.map((field) => [field.name, toFieldMetadata(field)])),
    supports: { readFilters: true, writeIfEmpty: true },
  };
}

/**
 * An object's fields by API name, matched case-insensitively as Salesforce matches them: the only place a
 * caller's field name becomes a name that may go into a query.
 */
export class DescribedFields {
  private readonly byName: ReadonlyMap<string, DescribeField>;
  private readonly byLowerName: ReadonlyMap<string, DescribeField>;

  constructor(readonly describe: SObjectDescribe) {
    this.byName = new Map(describe.fields.map((field) => [field.name, field]));
    this.byLowerName = new Map(describe.fields.map((field) => [field.name.toLowerCase(), field]));
  }

  /** Exact spelling first: every field of every record read is looked up here. */
  get(name: string): DescribeField | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  /** The fields a default read returns: every field but the compound ones, which repeat their parts. */
  defaultFieldNames(): string[] {
    return this.describe.fields
      .filter((field) => field.type !== 'address' && field.type !== 'location')
      .map((field) => field.name);
  }
}
