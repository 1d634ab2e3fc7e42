/**
 * The properties of each object type as `GET /crm/v3/properties/{objectType}` describes them: HubSpot's own
 * internal names, types, field types and picklist options (its default lifecycle stages, lead statuses and
 * the default sales pipeline's deal stages), so a client's metadata handling meets what it meets in HubSpot.
 */
import { lastModifiedProperty, type ObjectType } from './object-types.js';

export type PropertyType = 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

export interface PropertyDefinition {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  displayOrder: number;
  calculated: boolean;
  externalOptions: boolean;
  hasUniqueValue: boolean;
  hidden: boolean;
  hubspotDefined: boolean;
  formField: boolean;
  modificationMetadata: { archivable: boolean; readOnlyDefinition: boolean; readOnlyValue: boolean };
}

const options = (pairs: ReadonlyArray<readonly [value: string, label: string]>): PropertyOption[] =>
  pairs.map(([value, label], displayOrder) => ({ label, value, displayOrder, hidden: false }));

export const lifecycleStageOptions = options([
  ['subscriber', 'Subscriber'],
  ['lead', 'Lead'],
  ['marketingqualifiedlead', 'Marketing Qualified Lead'],
  ['salesqualifiedlead', 'Sales Qualified Lead'],
  ['opportunity', 'Opportunity'],
  ['customer', 'Customer'],
  ['evangelist', 'Evangelist'],
  ['other', 'Other'],
]);

export const leadStatusOptions = options([
  ['NEW', 'New'],
  ['OPEN', 'Open'],
  ['IN_PROGRESS', 'In Progress'],
  ['OPEN_DEAL', 'Open Deal'],
  ['UNQUALIFIED', 'Unqualified'],
  ['ATTEMPTED_TO_CONTACT', 'Attempted to Contact'],
  ['CONNECTED', 'Connected'],
  ['BAD_TIMING', 'Bad Timing'],
]);

export const dealStageOptions = options([
  ['appointmentscheduled', 'Appointment Scheduled'],
  ['qualifiedtobuy', 'Qualified To Buy'],
  ['presentationscheduled', 'Presentation Scheduled'],
  ['decisionmakerboughtin', 'Decision Maker Bought-In'],
  ['contractsent', 'Contract Sent'],
  ['closedwon', 'Closed Won'],
  ['closedlost', 'Closed Lost'],
]);

export const industryOptions = options([
  ['COMPUTER_SOFTWARE', 'Computer Software'],
  ['FINANCIAL_SERVICES', 'Financial Services'],
  ['HOSPITAL_HEALTH_CARE', 'Hospital & Health Care'],
  ['MACHINERY', 'Machinery'],
  ['RETAIL', 'Retail'],
  ['EDUCATION_MANAGEMENT', 'Education Management'],
  ['LOGISTICS_AND_SUPPLY_CHAIN', 'Logistics and Supply Chain'],
  ['ENTERTAINMENT', 'Entertainment'],
  ['REAL_ESTATE', 'Real Estate'],
  ['OIL_ENERGY', 'Oil & Energy'],
  ['TELECOMMUNICATIONS', 'Telecommunications'],
  ['HOSPITALITY', 'Hospitality'],
]);

const pipelineOptions = options([['default', 'Sales Pipeline']]);
const yesNo = options([
  ['true', 'Yes'],
  ['false', 'No'],
]);

interface Spec {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  options?: PropertyOption[];
  readOnly?: boolean;
  unique?: boolean;
  group?: string;
}

const text = (name: string, label: string, extra: Partial<Spec> = {}): Spec => ({
  name,
  label,
  type: 'string',
  fieldType: 'text',
  ...extra,
});
const number = (name: string, label: string, extra: Partial<Spec> = {}): Spec => ({
  name,
  label,
  type: 'number',
  fieldType: 'number',
  ...extra,
});
const select = (name: string, label: string, choices: PropertyOption[]): Spec => ({
  name,
  label,
  type: 'enumeration',
  fieldType: 'select',
  options: choices,
});
const datetime = (name: string, label: string, readOnly = false): Spec => ({
  name,
  label,
  type: 'datetime',
  fieldType: 'date',
  readOnly,
});
const bool = (name: string, label: string): Spec => ({
  name,
  label,
  type: 'bool',
  fieldType: 'booleancheckbox',
  options: yesNo,
});

/** Every object carries these, all written by HubSpot itself. */
const systemSpecs = (type: ObjectType): Spec[] => [
  number('hs_object_id', 'Record ID', { readOnly: true, unique: true }),
  datetime('createdate', 'Create Date', true),
  datetime(lastModifiedProperty[type], 'Last Modified Date', true),
];

const specs: Record<ObjectType, Spec[]> = {
  contacts: [
    text('email', 'Email', { unique: true }),
    text('firstname', 'First Name'),
    text('lastname', 'Last Name'),
    text('phone', 'Phone Number', { fieldType: 'phonenumber' }),
    text('jobtitle', 'Job Title'),
    select('hs_lead_status', 'Lead Status', leadStatusOptions),
    { ...select('lifecyclestage', 'Lifecycle Stage', lifecycleStageOptions), fieldType: 'radio' },
    text('country', 'Country/Region'),
    number('hubspotscore', 'HubSpot Score', { readOnly: true }),
    number('annualrevenue', 'Annual Revenue'),
    bool('hs_email_optout', 'Unsubscribed from all email'),
    number('associatedcompanyid', 'Primary Associated Company ID'),
  ],
  companies: [
    text('name', 'Company name'),
    text('domain', 'Company Domain Name'),
    select('industry', 'Industry', industryOptions),
    number('numberofemployees', 'Number of Employees'),
    text('country', 'Country/Region'),
  ],
  deals: [
    text('dealname', 'Deal Name', { group: 'dealinformation' }),
    number('amount', 'Amount', { group: 'dealinformation' }),
    { ...select('dealstage', 'Deal Stage', dealStageOptions), fieldType: 'radio', group: 'dealinformation' },
    { ...select('pipeline', 'Pipeline', pipelineOptions), group: 'dealinformation' },
    { ...datetime('closedate', 'Close Date'), group: 'dealinformation' },
    { ...bool('hs_is_closed_won', 'Is closed won'), group: 'dealinformation', readOnly: true },
    number('associatedcompanyid', 'Associated Company ID', { group: 'dealinformation' }),
  ],
};

const defaultGroup: Record<ObjectType, string> = {
  contacts: 'contactinformation',
  companies: 'companyinformation',
  deals: 'dealinformation',
};

function define(type: ObjectType, spec: Spec, displayOrder: number): PropertyDefinition {
  const readOnly = spec.readOnly ?? false;
  return {
    name: spec.name,
    label: spec.label,
    type: spec.type,
    fieldType: spec.fieldType,
    groupName: spec.group ?? defaultGroup[type],
    description: '',
    options: spec.options ?? [],
    displayOrder,
    calculated: false,
    externalOptions: false,
    hasUniqueValue: spec.unique ?? false,
    hidden: false,
    hubspotDefined: true,
    formField: !readOnly,
    modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: readOnly },
  };
}

/** Each object type's properties, in display order, keyed by name. */
export const propertyDefinitions: Record<ObjectType, ReadonlyMap<string, PropertyDefinition>> = {
  contacts: definitions('contacts'),
  companies: definitions('companies'),
  deals: definitions('deals'),
};

function definitions(type: ObjectType): ReadonlyMap<string, PropertyDefinition> {
  const all = [...specs[type], ...systemSpecs(type)];
  return new Map(all.map((spec, index) => [spec.name, define(type, spec, index)]));
}

/** What an object answers with when the caller names no properties, as HubSpot does. */
export const defaultProperties: Record<ObjectType, readonly string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  deals: [
    'amount',
    'closedate',
    'createdate',
    'dealname',
    'dealstage',
    'hs_lastmodifieddate',
    'hs_object_id',
    'pipeline',
  ],
};
