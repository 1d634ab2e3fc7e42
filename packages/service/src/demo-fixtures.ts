import type { Backfill } from '@splice/schema';

/**
 * The demo's recommended installation of `crm-sync` for the data set in `demo-data.ts`: contacts with
 * every field, the app's `stage` read from the CRM's `status` (values matched one to one) and `priority`
 * from `score`. The demo's quick setup installs it, and the e2e specs, the reliability suite and the
 * benches install the same thing, so all of them exercise one config.
 *
 * A module of its own, exported as `@splice/service/demo-fixtures`: it is plain data that imports types
 * only, so the demo's browser code can bundle it without the service's node-only code (SQLite, HTTP
 * server) that the package root brings. It is not in @splice/schema, whose public surface is the
 * interface's shapes, not one demo's choices.
 */
export const recommendedContactsRead = {
  objectName: 'contacts',
  selectedFieldsAuto: 'all',
  /** App field -> CRM field. */
  selectedFieldMappings: { stage: 'status', priority: 'score' },
  /** The app's stage values -> the CRM's status values. */
  selectedValueMappings: {
    stage: { new: 'lead', working: 'qualified', won: 'customer', lost: 'churned' },
  },
} as const;

/**
 * The config content of the recommended installation; without a backfill the service's default applies.
 * With a `destination` the contacts are also delivered there (the read tests and benches count them).
 */
export function recommendedContent(backfill?: Backfill, destination?: string) {
  return {
    provider: 'sandboxcrm',
    read: {
      objects: {
        contacts: {
          ...recommendedContactsRead,
          ...(destination ? { destination } : {}),
          ...(backfill ? { backfill } : {}),
        },
      },
    },
  };
}
