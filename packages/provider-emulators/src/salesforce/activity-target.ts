/**
 * The activity generator's changes in Salesforce's names and values: Contacts, Accounts and Opportunities,
 * written through the org's store with the same checks an API call meets; a deletion goes to the recycle
 * bin (`IsDeleted`), where queries no longer see it.
 */
import type { Random } from '@splice/sandbox-data';
import type { ActivityTarget, ChangeDraw } from '../activity/activity-generator.js';
import { another, anotherHeadCount, anotherPhone } from '../activity/change-values.js';
import type { RecordKind } from '../activity/generated-records.js';
import { accountFields, contactFields, type FieldValue, opportunityFields } from './data-set.js';
import type { OrgStore } from './org-store.js';
import { leadSources, type SObjectName } from './sobjects.js';

const sobjectOf: Record<RecordKind, SObjectName> = {
  contact: 'Contact',
  company: 'Account',
  deal: 'Opportunity',
};

/** The standard sales process's open stages in order; the last one moves to Closed Won or Closed Lost. */
const openStages = [
  'Prospecting',
  'Qualification',
  'Needs Analysis',
  'Proposal/Price Quote',
  'Negotiation/Review',
];

function contactChange(current: Record<string, FieldValue>, draw: ChangeDraw) {
  const { random } = draw;
  const which = random();
  if (which < 0.4) {
    const sources = leadSources.map((value) => value.value);
    return { LeadSource: another(random, sources, (current.LeadSource as string | null) ?? null) };
  }
  if (which < 0.7) {
    const title = draw.person().jobTitle as string | null;
    if (title !== null && title !== current.Title) return { Title: title };
  }
  const phone = (current.Phone as string | null) ?? null;
  return { Phone: anotherPhone(random, phone, draw.person().phone as string | null) };
}

function opportunityChange(current: Record<string, FieldValue>, random: Random) {
  const stage = openStages.indexOf(current.StageName as string);
  if (stage < 0) {
    // A closed opportunity stays closed; what moves is its amount, as a renegotiated renewal's does.
    return { Amount: Math.round(Number(current.Amount ?? 0) * (0.9 + 0.2 * random()) * 100) / 100 };
  }
  return { StageName: openStages[stage + 1] ?? (random() < 0.6 ? 'Closed Won' : 'Closed Lost') };
}

export function salesforceActivityTarget(store: OrgStore): ActivityTarget {
  return {
    objectType: (kind) => sobjectOf[kind],
    liveIds: (kind) => store.live(sobjectOf[kind]).map((record) => record.Id as string),
    create(kind, source) {
      const fields =
        kind === 'contact'
          ? contactFields(source)
          : kind === 'company'
            ? accountFields(source)
            : opportunityFields(source);
      // IsWon follows the stage; the store sets it, as Salesforce does.
      const { IsWon: _, ...writable } = fields;
      return store.create(sobjectOf[kind], writable).Id as string;
    },
    update(kind, id, draw) {
      const sobject = sobjectOf[kind];
      const current = store.get(sobject, id);
      const change =
        kind === 'contact'
          ? contactChange(current, draw)
          : kind === 'deal'
            ? opportunityChange(current, draw.random)
            : { NumberOfEmployees: anotherHeadCount(draw.random, Number(current.NumberOfEmployees ?? 10)) };
      store.update(sobject, id, change);
    },
    remove(kind, id) {
      store.delete(sobjectOf[kind], id);
    },
    backdate(kind, id, at) {
      store.backdate(sobjectOf[kind], id, at);
    },
  };
}
