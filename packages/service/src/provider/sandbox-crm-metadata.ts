/**
 * The sandbox CRM's objects and fields: plain data, the single source for the wizard's field lists, for the
 * sandbox tables' columns (one typed column and one index per field) and for search's typed matching.
 * Field order here is column order.
 */

import { countries } from '@splice/sandbox-data';
import type { FieldMetadata, ObjectMetadata } from '@splice/schema';

type FieldValueOption = NonNullable<FieldMetadata['values']>[number];

const options = (pairs: ReadonlyArray<readonly [string, string]>): FieldValueOption[] =>
  pairs.map(([value, displayValue]) => ({ value, displayValue }));

const countryValues = options(countries.map(([code, name]) => [code, name] as const));

export const contactStatuses = options([
  ['lead', 'Lead'],
  ['qualified', 'Qualified'],
  ['customer', 'Customer'],
  ['churned', 'Churned'],
]);

export const lifecycleStages = options([
  ['subscriber', 'Subscriber'],
  ['lead', 'Lead'],
  ['marketingqualifiedlead', 'Marketing Qualified Lead'],
  ['salesqualifiedlead', 'Sales Qualified Lead'],
  ['opportunity', 'Opportunity'],
  ['customer', 'Customer'],
  ['evangelist', 'Evangelist'],
  ['other', 'Other'],
]);

export const industries = options([
  ['software', 'Computer Software'],
  ['financial_services', 'Financial Services'],
  ['healthcare', 'Hospital & Health Care'],
  ['manufacturing', 'Manufacturing'],
  ['retail', 'Retail'],
  ['education', 'Education'],
  ['logistics', 'Logistics & Supply Chain'],
  ['media', 'Media & Entertainment'],
  ['real_estate', 'Real Estate'],
  ['energy', 'Oil & Energy'],
  ['telecommunications', 'Telecommunications'],
  ['hospitality', 'Hospitality'],
]);

export const dealStages = options([
  ['prospecting', 'Prospecting'],
  ['qualification', 'Qualification'],
  ['proposal', 'Proposal'],
  ['negotiation', 'Negotiation'],
  ['closed_won', 'Closed Won'],
  ['closed_lost', 'Closed Lost'],
]);

const id = (displayName: string): FieldMetadata => ({
  fieldName: 'id',
  displayName,
  valueType: 'string',
  providerType: 'string',
  readOnly: true,
});
const text = (fieldName: string, displayName: string, extra: Partial<FieldMetadata> = {}): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'string',
  providerType: 'string',
  ...extra,
});
const picklist = (fieldName: string, displayName: string, values: FieldValueOption[]): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'singleSelect',
  providerType: 'enumeration',
  values,
});
const int = (fieldName: string, displayName: string): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'int',
  providerType: 'number',
});
const float = (fieldName: string, displayName: string): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'float',
  providerType: 'number',
});
const bool = (fieldName: string, displayName: string, extra: Partial<FieldMetadata> = {}): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'boolean',
  providerType: 'bool',
  ...extra,
});
const reference = (fieldName: string, displayName: string, target: string): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'reference',
  providerType: 'string',
  referenceTo: [target],
});
const date = (fieldName: string, displayName: string): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'date',
  providerType: 'date',
});
const datetime = (fieldName: string, displayName: string, readOnly = true): FieldMetadata => ({
  fieldName,
  displayName,
  valueType: 'datetime',
  providerType: 'datetime',
  readOnly,
});

const object = (name: string, displayName: string, fields: FieldMetadata[]): ObjectMetadata => ({
  name,
  displayName,
  fields: Object.fromEntries(fields.map((field) => [field.fieldName, field])),
  // The sandbox stands in for a CRM, and CRMs support read filters and `writeOnUpdate: ifEmpty`.
  supports: { readFilters: true, writeIfEmpty: true },
});

export const sandboxObjects: Readonly<Record<string, ObjectMetadata>> = deepFreeze({
  contacts: object('contacts', 'Contacts', [
    id('Record ID'),
    text('email', 'Email', { isRequired: true }),
    text('firstName', 'First Name'),
    text('lastName', 'Last Name'),
    text('phone', 'Phone Number'),
    text('jobTitle', 'Job Title'),
    picklist('status', 'Lead Status', contactStatuses),
    picklist('lifecycleStage', 'Lifecycle Stage', lifecycleStages),
    picklist('country', 'Country/Region', countryValues),
    int('score', 'Lead Score'),
    float('annualRevenue', 'Annual Revenue'),
    bool('isCustomer', 'Is Customer'),
    bool('doNotContact', 'Do Not Contact', { isCustom: true }),
    reference('companyId', 'Company', 'companies'),
    datetime('createdAt', 'Create Date'),
    datetime('updatedAt', 'Last Modified Date'),
  ]),
  companies: object('companies', 'Companies', [
    id('Record ID'),
    text('name', 'Company Name', { isRequired: true }),
    text('domain', 'Company Domain Name'),
    picklist('industry', 'Industry', industries),
    int('employees', 'Number of Employees'),
    picklist('country', 'Country/Region', countryValues),
    bool('isPartner', 'Is Partner', { isCustom: true }),
    datetime('createdAt', 'Create Date'),
    datetime('updatedAt', 'Last Modified Date'),
  ]),
  deals: object('deals', 'Deals', [
    id('Record ID'),
    text('name', 'Deal Name', { isRequired: true }),
    float('amount', 'Amount'),
    picklist('stage', 'Deal Stage', dealStages),
    date('closeDate', 'Close Date'),
    reference('companyId', 'Company', 'companies'),
    reference('contactId', 'Contact', 'contacts'),
    bool('isWon', 'Is Closed Won'),
    datetime('createdAt', 'Create Date'),
    datetime('updatedAt', 'Last Modified Date'),
  ]),
});

/** Every object with its fields. */
export function listObjects(): ObjectMetadata[] {
  return Object.values(sandboxObjects);
}

/** `undefined` for an object the sandbox does not have. */
export function getObjectMetadata(objectName: string): ObjectMetadata | undefined {
  // Own properties only: `constructor` or `__proto__` are not objects of the CRM.
  return Object.hasOwn(sandboxObjects, objectName) ? sandboxObjects[objectName] : undefined;
}

/** Metadata is shared by every caller; freezing it stops one route from editing what another sees. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
