/**
 * The activity generator's changes in HubSpot's names and values: contacts, companies and deals, written
 * into the account's store as HubSpot itself would write them (calculated properties included).
 */
import type { Random } from '@splice/sandbox-data';
import type { ActivityTarget, ChangeDraw } from '../activity/activity-generator.js';
import { another, anotherHeadCount, anotherPhone } from '../activity/change-values.js';
import type { RecordKind } from '../activity/generated-records.js';
import type { CrmStore } from './crm-store.js';
import { companyProperties, contactProperties, dealProperties } from './data-set.js';
import type { ObjectType } from './object-types.js';
import { leadStatusOptions } from './properties.js';

const objectTypeOf: Record<RecordKind, ObjectType> = {
  contact: 'contacts',
  company: 'companies',
  deal: 'deals',
};

/** The default pipeline's open stages in order; the last one moves to closed won or closed lost. */
const openStages = [
  'appointmentscheduled',
  'qualifiedtobuy',
  'presentationscheduled',
  'decisionmakerboughtin',
  'contractsent',
];

type Properties = Record<string, string | null>;

function contactChange(current: Properties, draw: ChangeDraw): Properties {
  const { random } = draw;
  const which = random();
  if (which < 0.4) {
    const statuses = leadStatusOptions.map((option) => option.value);
    return { hs_lead_status: another(random, statuses, current.hs_lead_status ?? null) };
  }
  if (which < 0.7) {
    const title = draw.person().jobTitle as string | null;
    if (title !== null && title !== current.jobtitle) return { jobtitle: title };
  }
  return { phone: anotherPhone(random, current.phone ?? null, draw.person().phone as string | null) };
}

function dealChange(current: Properties, random: Random): Properties {
  const stage = openStages.indexOf(current.dealstage ?? '');
  if (stage < 0) {
    // A closed deal stays closed; what moves is its amount, as a renegotiated renewal's does.
    const amount = Math.round(Number(current.amount ?? 0) * (0.9 + 0.2 * random()) * 100) / 100;
    return { amount: String(amount) };
  }
  const next = openStages[stage + 1] ?? (random() < 0.6 ? 'closedwon' : 'closedlost');
  return { dealstage: next, hs_is_closed_won: String(next === 'closedwon') };
}

export function hubSpotActivityTarget(store: CrmStore): ActivityTarget {
  return {
    objectType: (kind) => objectTypeOf[kind],
    liveIds: (kind) => store.live(objectTypeOf[kind]).map((record) => record.id),
    create(kind, source) {
      if (kind === 'contact') {
        const properties = contactProperties(source);
        if (properties.email && store.find('contacts', properties.email, 'email')) return undefined;
        return store.insert('contacts', properties).id;
      }
      const properties = kind === 'company' ? companyProperties(source) : dealProperties(source);
      return store.insert(objectTypeOf[kind], properties).id;
    },
    update(kind, id, draw) {
      const type = objectTypeOf[kind];
      const record = store.get(type, id);
      const current = record.properties;
      const change: Properties =
        kind === 'contact'
          ? contactChange(current, draw)
          : kind === 'deal'
            ? dealChange(current, draw.random)
            : {
                numberofemployees: String(
                  anotherHeadCount(draw.random, Number(current.numberofemployees ?? 10)),
                ),
              };
      store.change(type, record, change);
    },
    remove(kind, id) {
      store.archive(objectTypeOf[kind], id);
    },
    backdate(kind, id, at) {
      store.backdate(objectTypeOf[kind], id, at);
    },
  };
}
