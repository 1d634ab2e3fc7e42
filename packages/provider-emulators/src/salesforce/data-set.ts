/**
 * The emulated org's records: the sandbox's deterministic data set (the generator the service's sandbox and
 * the HubSpot emulator use), as Salesforce Accounts, Contacts and Opportunities with Salesforce ids.
 */
import {
  defaultSandboxSeed,
  generateSandboxData,
  type SandboxCounts,
  type SandboxRecord,
} from '@splice/sandbox-data';
import { keyPrefix, type SObjectName } from './sobjects.js';

export type FieldValue = string | number | boolean | null;
export type SObjectRecord = Record<string, FieldValue>;

/** An 18-character id in the object's key prefix, in creation order. */
export const salesforceId = (sobject: SObjectName, sequence: number): string =>
  `${keyPrefix[sobject]}Em${sequence.toString(36).toUpperCase().padStart(10, '0')}AAA`;

/** Salesforce writes datetimes with a numeric offset: `2024-01-15T10:20:30.000+0000`. */
export const salesforceDatetime = (iso: string): string => iso.replace(/Z$/, '+0000');

const industry: Record<string, string> = {
  software: 'Technology',
  financial_services: 'Finance',
  healthcare: 'Healthcare',
  manufacturing: 'Manufacturing',
  retail: 'Retail',
  education: 'Education',
  logistics: 'Transportation',
  media: 'Media',
  real_estate: 'Not For Profit',
  energy: 'Energy',
  telecommunications: 'Communications',
  hospitality: 'Hospitality',
};
const stage: Record<string, string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal/Price Quote',
  negotiation: 'Negotiation/Review',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};
const leadSource: Record<string, string> = {
  lead: 'Web',
  qualified: 'Phone Inquiry',
  customer: 'Partner Referral',
  churned: 'Other',
};

function system(sobject: SObjectName, source: SandboxRecord): SObjectRecord {
  const modified = salesforceDatetime(source.updatedAt as string);
  return {
    Id: salesforceId(sobject, Number(source.id)),
    IsDeleted: false,
    CreatedDate: salesforceDatetime(source.createdAt as string),
    LastModifiedDate: modified,
    SystemModstamp: modified,
  };
}

const accountId = (companyId: SandboxRecord[string] | undefined) =>
  companyId === null || companyId === undefined ? null : salesforceId('Account', Number(companyId));

/** A generated company's fields under Salesforce's names (the activity generator makes new ones too). */
export const accountFields = (c: SandboxRecord): SObjectRecord => ({
  Name: c.name as string,
  Website: `https://${c.domain as string}`,
  Industry: industry[c.industry as string] ?? null,
  NumberOfEmployees: c.employees as number,
  BillingCountry: c.country as string,
});

export const contactFields = (c: SandboxRecord): SObjectRecord => ({
  FirstName: c.firstName as string,
  LastName: c.lastName as string,
  Email: c.email as string,
  Phone: (c.phone as string | null) ?? null,
  Title: (c.jobTitle as string | null) ?? null,
  LeadSource: leadSource[c.status as string] ?? null,
  MailingCountry: c.country as string,
  HasOptedOutOfEmail: c.doNotContact as boolean,
  AccountId: accountId(c.companyId),
});

export const opportunityFields = (d: SandboxRecord): SObjectRecord => ({
  Name: d.name as string,
  Amount: d.amount as number,
  StageName: stage[d.stage as string] ?? 'Prospecting',
  CloseDate: d.closeDate as string,
  IsWon: d.isWon as boolean,
  AccountId: accountId(d.companyId),
});

export function generateOrgRecords(counts: SandboxCounts, seed: number = defaultSandboxSeed) {
  const data = generateSandboxData(counts, seed);
  return {
    Account: data.companies.map((c) => ({ ...system('Account', c), ...accountFields(c) })),
    Contact: Array.from(data.contacts, (c) => ({ ...system('Contact', c), ...contactFields(c) })),
    Opportunity: Array.from(data.deals, (d) => ({ ...system('Opportunity', d), ...opportunityFields(d) })),
  } satisfies Record<SObjectName, SObjectRecord[]>;
}
