import type { BackfillValue, CreateInstallationBodyInput } from '@splice/react';
import { recommendedContent } from '@splice/service/demo-fixtures';

/**
 * Northwind's recommended setup for the sandbox CRM (the shared fixture beside the demo data set): quick
 * setup asks the user only how much history to import; the wizard lets them choose everything.
 */
export function recommendedConfig(backfill: BackfillValue): CreateInstallationBodyInput {
  return { config: { content: recommendedContent(backfill) } };
}
