/**
 * The sObjects the Salesforce emulator serves (Account, Contact, Opportunity) and their fields as
 * `sobjects/{name}/describe` answers them: Salesforce's API names, field types, picklist values,
 * references and the create/update/nillable flags a client's metadata handling reads.
 */
export const sobjectNames = ['Account', 'Contact', 'Opportunity'] as const;
export type SObjectName = (typeof sobjectNames)[number];

export const labels: Record<SObjectName, { label: string; labelPlural: string }> = {
  Account: { label: 'Account', labelPlural: 'Accounts' },
  Contact: { label: 'Contact', labelPlural: 'Contacts' },
  Opportunity: { label: 'Opportunity', labelPlural: 'Opportunities' },
};

/** The key prefix every id of an object starts with, as in Salesforce. */
export const keyPrefix: Record<SObjectName, string> = { Account: '001', Contact: '003', Opportunity: '006' };

export type FieldType =
  | 'id'
  | 'string'
  | 'email'
  | 'phone'
  | 'url'
  | 'picklist'
  | 'reference'
  | 'boolean'
  | 'double'
  | 'currency'
  | 'int'
  | 'date'
  | 'datetime';

export interface PicklistValue {
  active: boolean;
  defaultValue: boolean;
  label: string;
  value: string;
  validFor: null;
}

export interface FieldDescribe {
  name: string;
  label: string;
  type: FieldType;
  soapType: string;
  length: number;
  createable: boolean;
  updateable: boolean;
  nillable: boolean;
  defaultedOnCreate: boolean;
  filterable: boolean;
  sortable: boolean;
  unique: boolean;
  externalId: boolean;
  custom: boolean;
  calculated: boolean;
  picklistValues: PicklistValue[];
  referenceTo: string[];
  relationshipName: string | null;
  restrictedPicklist: boolean;
}

const soapTypes: Record<FieldType, string> = {
  id: 'tns:ID',
  string: 'xsd:string',
  email: 'xsd:string',
  phone: 'xsd:string',
  url: 'xsd:string',
  picklist: 'xsd:string',
  reference: 'tns:ID',
  boolean: 'xsd:boolean',
  double: 'xsd:double',
  currency: 'xsd:double',
  int: 'xsd:int',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
};

const picklist = (values: readonly string[]): PicklistValue[] =>
  values.map((value) => ({ active: true, defaultValue: false, label: value, value, validFor: null }));

export const leadSources = picklist(['Web', 'Phone Inquiry', 'Partner Referral', 'Purchased List', 'Other']);
export const industries = picklist([
  'Technology',
  'Finance',
  'Healthcare',
  'Manufacturing',
  'Retail',
  'Education',
  'Transportation',
  'Media',
  'Not For Profit',
  'Energy',
  'Communications',
  'Hospitality',
]);
export const opportunityStages = picklist([
  'Prospecting',
  'Qualification',
  'Needs Analysis',
  'Proposal/Price Quote',
  'Negotiation/Review',
  'Closed Won',
  'Closed Lost',
]);

interface Spec {
  name: string;
  label: string;
  type: FieldType;
  /** Not written by the caller: set by Salesforce. */
  system?: boolean;
  /** Must be given on create. */
  required?: boolean;
  values?: PicklistValue[];
  referenceTo?: SObjectName;
}

const systemFields: Spec[] = [
  { name: 'Id', label: 'Record ID', type: 'id', system: true },
  { name: 'IsDeleted', label: 'Deleted', type: 'boolean', system: true },
  { name: 'CreatedDate', label: 'Created Date', type: 'datetime', system: true },
  { name: 'LastModifiedDate', label: 'Last Modified Date', type: 'datetime', system: true },
  { name: 'SystemModstamp', label: 'System Modstamp', type: 'datetime', system: true },
];

const specs: Record<SObjectName, Spec[]> = {
  Account: [
    { name: 'Name', label: 'Account Name', type: 'string', required: true },
    { name: 'Website', label: 'Website', type: 'url' },
    { name: 'Industry', label: 'Industry', type: 'picklist', values: industries },
    { name: 'NumberOfEmployees', label: 'Employees', type: 'int' },
    { name: 'BillingCountry', label: 'Billing Country', type: 'string' },
  ],
  Contact: [
    { name: 'FirstName', label: 'First Name', type: 'string' },
    { name: 'LastName', label: 'Last Name', type: 'string', required: true },
    { name: 'Email', label: 'Email', type: 'email' },
    { name: 'Phone', label: 'Business Phone', type: 'phone' },
    { name: 'Title', label: 'Title', type: 'string' },
    { name: 'LeadSource', label: 'Lead Source', type: 'picklist', values: leadSources },
    { name: 'MailingCountry', label: 'Mailing Country', type: 'string' },
    { name: 'HasOptedOutOfEmail', label: 'Email Opt Out', type: 'boolean' },
    { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: 'Account' },
  ],
  Opportunity: [
    { name: 'Name', label: 'Name', type: 'string', required: true },
    { name: 'Amount', label: 'Amount', type: 'currency' },
    { name: 'StageName', label: 'Stage', type: 'picklist', required: true, values: opportunityStages },
    { name: 'CloseDate', label: 'Close Date', type: 'date', required: true },
    { name: 'IsWon', label: 'Won', type: 'boolean', system: true },
    { name: 'AccountId', label: 'Account ID', type: 'reference', referenceTo: 'Account' },
  ],
};

function describeField(spec: Spec): FieldDescribe {
  const writable = !spec.system;
  return {
    name: spec.name,
    label: spec.label,
    type: spec.type,
    soapType: soapTypes[spec.type],
    length: ['string', 'email', 'phone', 'url', 'picklist'].includes(spec.type)
      ? 255
      : spec.type === 'id' || spec.type === 'reference'
        ? 18
        : 0,
    createable: writable,
    updateable: writable,
    nillable: writable && !spec.required && spec.type !== 'boolean',
    defaultedOnCreate: spec.system === true || spec.type === 'boolean',
    filterable: true,
    sortable: true,
    unique: false,
    externalId: false,
    custom: false,
    calculated: false,
    picklistValues: spec.values ?? [],
    referenceTo: spec.referenceTo ? [spec.referenceTo] : [],
    relationshipName: spec.referenceTo ?? null,
    restrictedPicklist: spec.values !== undefined,
  };
}

/** Each object's fields by API name, in describe order. */
export const sobjectFields: Record<SObjectName, ReadonlyMap<string, FieldDescribe>> = {
  Account: fieldsOf('Account'),
  Contact: fieldsOf('Contact'),
  Opportunity: fieldsOf('Opportunity'),
};

function fieldsOf(name: SObjectName): ReadonlyMap<string, FieldDescribe> {
  const all = [systemFields[0]!, ...specs[name], ...systemFields.slice(1)];
  return new Map(all.map((spec) => [spec.name, describeField(spec)]));
}

export const requiredFields: Record<SObjectName, readonly string[]> = {
  Account: specs.Account.filter((s) => s.required).map((s) => s.name),
  Contact: specs.Contact.filter((s) => s.required).map((s) => s.name),
  Opportunity: specs.Opportunity.filter((s) => s.required).map((s) => s.name),
};

/** The object a path or a SOQL FROM names; Salesforce matches API names case-insensitively. */
export function resolveSObject(name: string): SObjectName | undefined {
  return sobjectNames.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
}

/** A field's API name as the object spells it, matched case-insensitively as SOQL does. */
export function resolveField(sobject: SObjectName, name: string): FieldDescribe | undefined {
  const fields = sobjectFields[sobject];
  return fields.get(name) ?? [...fields.values()].find((f) => f.name.toLowerCase() === name.toLowerCase());
}
