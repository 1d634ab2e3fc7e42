/**
 * Deterministic generation of the sandbox CRM's records.
 *
 * Every object draws from its own seeded stream (mulberry32), so the same seed and counts give the same
 * records on any machine, and the first N records of an object do not change when more are asked for (only
 * references into another object's id range depend on that object's count). Contacts and deals are
 * produced lazily, one at a time, so a million contacts never sit in memory; companies (hundreds to a few
 * thousand) are built eagerly because contacts and deals borrow their domains and names.
 *
 * Records come out in their public form: ids and references as strings, booleans as booleans, datetimes as
 * ISO 8601 strings, dates as YYYY-MM-DD, keyed by the field names of the sandbox CRM's objects (the
 * service's sandbox metadata declares those fields; the provider emulators rename them into each
 * provider's own vocabulary).
 */
import { countries } from './countries.js';
import { toIsoString } from './iso-time.js';
import { intBetween, mixSeed, mulberry32, pick, type Random, weightedPicker } from './prng.js';
import {
  companyPrefixes,
  companySuffixes,
  dealProducts,
  firstNames,
  jobTitles,
  lastNames,
  legalForms,
  topLevelDomains,
} from './word-lists.js';

export type SandboxFieldValue = string | number | boolean | null;
export type SandboxRecord = Record<string, SandboxFieldValue>;

export interface SandboxCounts {
  contacts: number;
  companies: number;
  deals: number;
}

export const defaultSandboxCounts: Readonly<SandboxCounts> = {
  contacts: 5_000,
  companies: 500,
  deals: 2_000,
};
export const defaultSandboxSeed = 20_250_101;
/** Bump whenever generated values change, so databases seeded by an older build are regenerated. */
export const generatorVersion = 1;

export interface SandboxDataSet {
  companies: readonly SandboxRecord[];
  contacts: Iterable<SandboxRecord>;
  deals: Iterable<SandboxRecord>;
}

// Fixed bounds, never "now": the data set must not depend on the day it is generated.
const firstCreate = Date.UTC(2018, 0, 1);
const lastUpdate = Date.UTC(2025, 5, 1);
const day = 86_400_000;

const streams = { companies: 1, contacts: 2, deals: 3, contactCompany: 4 } as const;

const countryCodes = countries.map(([code]) => code);
const pickCountry = weightedPicker(countryCodes, [30, 12, 10, 8, 5, 5, 4, 3, 6, 4, 4, 4, 2, 3]);
const pickStatus = weightedPicker(['lead', 'qualified', 'customer', 'churned'], [40, 25, 25, 10]);
const pickStage = weightedPicker(
  ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'],
  [20, 18, 15, 10, 22, 15],
);
/** Lifecycle stages that fit each lead status, so the two picklists tell a consistent story. */
const stagesByStatus: Record<string, readonly string[]> = {
  lead: ['subscriber', 'lead', 'marketingqualifiedlead'],
  qualified: ['salesqualifiedlead', 'opportunity'],
  customer: ['customer', 'customer', 'evangelist'],
  churned: ['other'],
};
const callingCodes = new Map<string, string>(countries.map(([code, , callingCode]) => [code, callingCode]));

const round2 = (value: number): number => Math.round(value * 100) / 100;
/** Whole seconds, like most CRMs store them. */
const instantBetween = (random: Random, from: number, to: number): number =>
  from + Math.floor((random() * (to - from)) / 1000) * 1000;
const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');
/** A phone number in the country's calling code, in three groups of digits. */
const phone = (random: Random, callingCode: string | undefined): string =>
  `+${callingCode ?? '1'} ${intBetween(random, 200, 999)} ${intBetween(random, 100, 999)} ${String(
    intBetween(random, 0, 9999),
  ).padStart(4, '0')}`;

export function generateSandboxData(
  counts: SandboxCounts,
  seed: number = defaultSandboxSeed,
): SandboxDataSet {
  const companies = generateCompanies(counts.companies, seed);
  const companyOfContact = contactCompanyResolver(counts.companies, seed);
  return {
    companies,
    contacts: {
      [Symbol.iterator]: () => generateContacts(counts.contacts, seed, companies, companyOfContact),
    },
    deals: {
      [Symbol.iterator]: () => generateDeals(counts, seed, companies, companyOfContact),
    },
  };
}

/**
 * Which company (1-based id) a contact belongs to, as a pure function of the contact id: deals need a
 * contact's company without keeping every contact in memory.
 */
function contactCompanyResolver(companyCount: number, seed: number): (contactId: number) => number | null {
  const streamSeed = mixSeed(seed, streams.contactCompany);
  return (contactId) => (companyCount === 0 ? null : 1 + (mixSeed(streamSeed, contactId) % companyCount));
}

function generateCompanies(count: number, seed: number): SandboxRecord[] {
  const random = mulberry32(mixSeed(seed, streams.companies));
  const names = new Set<string>();
  const domains = new Set<string>();
  const companies: SandboxRecord[] = [];
  for (let index = 0; index < count; index++) {
    const id = index + 1;
    const [suffix, industry] = pick(random, companySuffixes);
    const base = `${pick(random, companyPrefixes)} ${suffix}`;
    const legalForm = pick(random, legalForms);
    // Unique names: the plain name first, then with a legal form, then numbered.
    let name = base;
    if (names.has(name)) name = `${base} ${legalForm}`;
    if (names.has(name)) name = `${base} ${id}`;
    names.add(name);
    let domain = `${slug(name)}.${pick(random, topLevelDomains)}`;
    if (domains.has(domain)) domain = `${slug(name)}${id}.com`;
    domains.add(domain);
    const createdAt = instantBetween(random, firstCreate, lastUpdate - 30 * day);
    companies.push({
      id: String(id),
      name,
      domain,
      industry,
      // Log-uniform: many small companies, a few large ones.
      employees: Math.round(Math.exp(random() * Math.log(50_000))),
      country: pickCountry(random),
      isPartner: random() < 0.08,
      createdAt: toIsoString(createdAt),
      updatedAt: toIsoString(instantBetween(random, createdAt, lastUpdate)),
    });
  }
  return companies;
}

function* generateContacts(
  count: number,
  seed: number,
  companies: readonly SandboxRecord[],
  companyOfContact: (contactId: number) => number | null,
): Generator<SandboxRecord> {
  const random = mulberry32(mixSeed(seed, streams.contacts));
  for (let index = 0; index < count; index++) {
    const id = index + 1;
    const companyId = companyOfContact(id);
    const company = companyId === null ? undefined : companies[companyId - 1];
    const firstName = pick(random, firstNames);
    const lastName = pick(random, lastNames);
    const style = random();
    const local =
      style < 0.6
        ? `${firstName}.${lastName}`
        : style < 0.85
          ? `${firstName[0]}${lastName}`
          : `${firstName}_${lastName}`;
    const country = company && random() < 0.8 ? (company.country as string) : pickCountry(random);
    const status = pickStatus(random);
    const createdAt = instantBetween(random, firstCreate, lastUpdate - day);
    yield {
      id: String(id),
      // The id suffix keeps every email unique (search's "unique field" case) at any count.
      email: `${local.toLowerCase()}${id}@${(company?.domain as string | undefined) ?? 'example.com'}`,
      firstName,
      lastName,
      phone: random() < 0.85 ? phone(random, callingCodes.get(country)) : null,
      jobTitle: random() < 0.9 ? pick(random, jobTitles) : null,
      status,
      lifecycleStage: pick(random, stagesByStatus[status]!),
      country,
      score: status === 'customer' ? intBetween(random, 60, 100) : intBetween(random, 0, 80),
      annualRevenue: round2(random() * 5_000_000),
      isCustomer: status === 'customer',
      doNotContact: random() < 0.04,
      companyId: companyId === null ? null : String(companyId),
      createdAt: toIsoString(createdAt),
      updatedAt: toIsoString(instantBetween(random, createdAt, lastUpdate)),
    };
  }
}

function* generateDeals(
  counts: SandboxCounts,
  seed: number,
  companies: readonly SandboxRecord[],
  companyOfContact: (contactId: number) => number | null,
): Generator<SandboxRecord> {
  const random = mulberry32(mixSeed(seed, streams.deals));
  for (let index = 0; index < counts.deals; index++) {
    const id = index + 1;
    const contactId = counts.contacts > 0 ? intBetween(random, 1, counts.contacts) : null;
    const companyId =
      contactId !== null
        ? companyOfContact(contactId)
        : counts.companies > 0
          ? intBetween(random, 1, counts.companies)
          : null;
    const company = companyId === null ? undefined : companies[companyId - 1];
    const stage = pickStage(random);
    const createdAt = instantBetween(random, firstCreate, lastUpdate - 30 * day);
    const closeDate = createdAt + intBetween(random, 7, 180) * day;
    yield {
      id: String(id),
      name: `${(company?.name as string | undefined) ?? 'Direct'} - ${pick(random, dealProducts)}`,
      amount: round2(1_000 + random() * 249_000),
      stage,
      closeDate: toIsoString(closeDate).slice(0, 10),
      companyId: companyId === null ? null : String(companyId),
      contactId: contactId === null ? null : String(contactId),
      isWon: stage === 'closed_won',
      createdAt: toIsoString(createdAt),
      updatedAt: toIsoString(instantBetween(random, createdAt, lastUpdate)),
    };
  }
}
