import type { BackfillValue, CreateInstallationBodyInput } from '@splice/react';
import type { DemoCrm } from '@splice/service/demo-fixtures';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';

/**
 * Northwind's recommended setup for a CRM (the shared fixture beside the demo data set): quick setup asks
 * the user only how much history to import, and that one choice applies to every object it reads: the
 * contacts with the recommended mapping, and the companies and deals (which the manifest reads always,
 * under the CRM's own object names: HubSpot's companies and deals, Salesforce's Account and Opportunity)
 * with every field. The wizard lets them choose everything, object by object.
 */
export function recommendedConfig(crm: DemoCrm, backfill: BackfillValue): CreateInstallationBodyInput {
  const content = recommendedCrmContent(crm, backfill);
  const { companies, deals } = recommendedCrmReads[crm].objects;
  return {
    config: {
      content: {
        ...content,
        read: {
          objects: {
            ...content.read.objects,
            [companies]: { objectName: companies, selectedFieldsAuto: 'all', backfill },
            [deals]: { objectName: deals, selectedFieldsAuto: 'all', backfill },
          },
        },
      },
    },
  };
}
