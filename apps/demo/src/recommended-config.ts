import type { BackfillValue, CreateInstallationBodyInput } from '@splice/react';
import { recommendedContent } from '@splice/service/demo-fixtures';

/**
 * Northwind's recommended setup for the sandbox CRM (the shared fixture beside the demo data set): quick
 * setup asks the user only how much history to import, and that one choice applies to every object it
 * reads: contacts with the recommended mapping, companies and deals (which the manifest reads always)
 * with every field. The wizard lets them choose everything, object by object.
 */
export function recommendedConfig(backfill: BackfillValue): CreateInstallationBodyInput {
  const content = recommendedContent(backfill);
  return {
    config: {
      content: {
        ...content,
        read: {
          objects: {
            ...content.read.objects,
            companies: { objectName: 'companies', selectedFieldsAuto: 'all', backfill },
            deals: { objectName: 'deals', selectedFieldsAuto: 'all', backfill },
          },
        },
      },
    },
  };
}
