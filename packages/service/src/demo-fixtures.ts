import type { Backfill } from '@splice/schema';

/**
 * The demo's recommended installation for each CRM the demo's companies use (Acme's HubSpot, Globex's
 * Salesforce): the integration of the demo manifest that syncs it, and its contacts read with every field,
 * the app's `stage` read from the provider's picklist that holds a contact's status (values matched one
 * to one, in the provider's own values) and, where the provider has one, `priority` from its score. The
 * demo's quick setup installs it, and the e2e specs, the reliability suite and the benches install the
 * same thing, so all of them exercise one config.
 *
 * A module of its own, exported as `@splice/service/demo-fixtures`: it is plain data that imports types
 * only, so the demo's browser code can bundle it without the service's node-only code (SQLite, HTTP
 * server) that the package root brings. It is not in @splice/schema, whose public surface is the
 * interface's shapes, not one demo's choices.
 */
export const recommendedCrmReads = {
  hubspot: {
    integration: 'hubspot-sync',
    objects: { contacts: 'contacts', companies: 'companies', deals: 'deals' },
    contacts: {
      objectName: 'contacts',
      selectedFieldsAuto: 'all',
      selectedFieldMappings: { stage: 'hs_lead_status', priority: 'hubspotscore' },
      selectedValueMappings: {
        stage: { new: 'NEW', working: 'OPEN_DEAL', won: 'CONNECTED', lost: 'UNQUALIFIED' },
      },
    },
  },
  salesforce: {
    integration: 'salesforce-sync',
    objects: { contacts: 'Contact', companies: 'Account', deals: 'Opportunity' },
    contacts: {
      objectName: 'Contact',
      selectedFieldsAuto: 'all',
      selectedFieldMappings: { stage: 'LeadSource' },
      selectedValueMappings: {
        stage: { new: 'Web', working: 'Phone Inquiry', won: 'Partner Referral', lost: 'Other' },
      },
    },
  },
} as const;

export type DemoCrm = keyof typeof recommendedCrmReads;

/**
 * What the recommended installation writes: Northwind's leads as contacts, each new one marked with a
 * title that says where it came from (a title someone set in the CRM is never overwritten by an update:
 * `ifEmpty`), and no deleting. The demo's "Send to your CRM" writes through it.
 */
export const recommendedCrmWrites = {
  hubspot: { objectName: 'contacts', sourceField: 'jobtitle' },
  salesforce: { objectName: 'Contact', sourceField: 'Title' },
} as const;

/** The title the recommended installation gives every contact Northwind creates. */
export const northwindLeadTitle = 'Lead from Northwind';

function recommendedWrite(crm: DemoCrm) {
  const { objectName, sourceField } = recommendedCrmWrites[crm];
  return {
    objects: {
      [objectName]: {
        objectName,
        deletionSettings: { enabled: false },
        selectedFieldSettings: {
          [sourceField]: {
            default: { stringValue: northwindLeadTitle },
            writeOnCreate: 'always' as const,
            writeOnUpdate: 'ifEmpty' as const,
          },
        },
      },
    },
  };
}

/**
 * The config content of the recommended installation for a CRM; without a backfill the manifest's default
 * applies. With a `destination` the contacts are also delivered there (tests and benches count them).
 */
export function recommendedCrmContent(crm: DemoCrm, backfill?: Backfill, destination?: string) {
  const { contacts } = recommendedCrmReads[crm];
  return {
    provider: crm,
    read: {
      objects: {
        [contacts.objectName]: {
          ...contacts,
          ...(destination ? { destination } : {}),
          ...(backfill ? { backfill } : {}),
        },
      },
    },
    write: recommendedWrite(crm),
  };
}
