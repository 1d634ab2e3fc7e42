/**
 * The emulated account's CRM records: the sandbox's deterministic data set (the same generator, seed and
 * counts the service's sandbox uses), renamed into HubSpot's internal property names and value vocabularies
 * so that the same people, companies and deals appear in both.
 */
import {
  defaultSandboxSeed,
  generateSandboxData,
  type SandboxCounts,
  type SandboxRecord,
} from '@splice/sandbox-data';
import type { CrmRecord } from './crm-record.js';
import { lastModifiedProperty, type ObjectType } from './object-types.js';

export const defaultEmulatorCounts: Readonly<SandboxCounts> = { contacts: 500, companies: 50, deals: 200 };

/** The sandbox's lead statuses and deal stages, in the values HubSpot's default picklists use. */
export const leadStatus: Record<string, string> = {
  lead: 'NEW',
  qualified: 'OPEN_DEAL',
  customer: 'CONNECTED',
  churned: 'UNQUALIFIED',
};
export const dealStage: Record<string, string> = {
  prospecting: 'appointmentscheduled',
  qualification: 'qualifiedtobuy',
  proposal: 'presentationscheduled',
  negotiation: 'contractsent',
  closed_won: 'closedwon',
  closed_lost: 'closedlost',
};
const industry: Record<string, string> = {
  software: 'COMPUTER_SOFTWARE',
  financial_services: 'FINANCIAL_SERVICES',
  healthcare: 'HOSPITAL_HEALTH_CARE',
  manufacturing: 'MACHINERY',
  retail: 'RETAIL',
  education: 'EDUCATION_MANAGEMENT',
  logistics: 'LOGISTICS_AND_SUPPLY_CHAIN',
  media: 'ENTERTAINMENT',
  real_estate: 'REAL_ESTATE',
  energy: 'OIL_ENERGY',
  telecommunications: 'TELECOMMUNICATIONS',
  hospitality: 'HOSPITALITY',
};

const wire = (value: SandboxRecord[string] | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

function toCrmRecord(
  type: ObjectType,
  source: SandboxRecord,
  fields: Record<string, string | null>,
): CrmRecord {
  const createdAt = source.createdAt as string;
  const updatedAt = source.updatedAt as string;
  return {
    id: source.id as string,
    properties: {
      ...fields,
      hs_object_id: source.id as string,
      createdate: createdAt,
      [lastModifiedProperty[type]]: updatedAt,
    },
    createdAt,
    updatedAt,
    archived: false,
  };
}

/** A generated contact's properties under HubSpot's names (the activity generator makes new ones too). */
export const contactProperties = (c: SandboxRecord): Record<string, string | null> => ({
  email: wire(c.email),
  firstname: wire(c.firstName),
  lastname: wire(c.lastName),
  phone: wire(c.phone),
  jobtitle: wire(c.jobTitle),
  hs_lead_status: leadStatus[c.status as string] ?? null,
  lifecyclestage: wire(c.lifecycleStage),
  country: wire(c.country),
  hubspotscore: wire(c.score),
  annualrevenue: wire(c.annualRevenue),
  hs_email_optout: wire(c.doNotContact),
  associatedcompanyid: wire(c.companyId),
});

export const companyProperties = (c: SandboxRecord): Record<string, string | null> => ({
  name: wire(c.name),
  domain: wire(c.domain),
  industry: industry[c.industry as string] ?? null,
  numberofemployees: wire(c.employees),
  country: wire(c.country),
});

export const dealProperties = (d: SandboxRecord): Record<string, string | null> => ({
  dealname: wire(d.name),
  amount: wire(d.amount),
  dealstage: dealStage[d.stage as string] ?? null,
  pipeline: 'default',
  // HubSpot's close date is a datetime: midnight UTC of the sandbox's close day.
  closedate: `${d.closeDate as string}T00:00:00.000Z`,
  hs_is_closed_won: wire(d.isWon),
  associatedcompanyid: wire(d.companyId),
});

/** Every record of each object type, in id order. */
export function generateCrmRecords(
  counts: SandboxCounts = defaultEmulatorCounts,
  seed: number = defaultSandboxSeed,
): Record<ObjectType, CrmRecord[]> {
  const data = generateSandboxData(counts, seed);
  return {
    contacts: Array.from(data.contacts, (c) => toCrmRecord('contacts', c, contactProperties(c))),
    companies: data.companies.map((c) => toCrmRecord('companies', c, companyProperties(c))),
    deals: Array.from(data.deals, (d) => toCrmRecord('deals', d, dealProperties(d))),
  };
}
