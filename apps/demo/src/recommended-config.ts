import type { BackfillValue, CreateInstallationBodyInput } from '@splice/react';

/**
 * Northwind's recommended setup for the sandbox CRM: contacts with every field, the CRM's `status` as
 * Northwind's pipeline stage (values matched one to one) and `score` as the priority. Quick setup asks
 * the user only how much history to import; the wizard lets them choose everything.
 */
export function recommendedConfig(backfill: BackfillValue): CreateInstallationBodyInput {
  return {
    config: {
      content: {
        provider: 'sandboxcrm',
        read: {
          objects: {
            contacts: {
              objectName: 'contacts',
              selectedFieldsAuto: 'all',
              selectedFieldMappings: { stage: 'status', priority: 'score' },
              selectedValueMappings: {
                stage: { new: 'lead', working: 'qualified', won: 'customer', lost: 'churned' },
              },
              backfill,
            },
          },
        },
      },
    },
  };
}
