import { configContentSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { recommendedContactsRead, recommendedContent } from './demo-fixtures.js';
import { getObjectMetadata } from './provider/sandbox-crm-metadata.js';

describe('the recommended contacts config', () => {
  it('is a valid config content, with and without a backfill', () => {
    expect(configContentSchema.safeParse(recommendedContent()).success).toBe(true);
    const withBackfill = configContentSchema.parse(recommendedContent({ defaultPeriod: { days: 30 } }));
    expect(withBackfill.read?.objects.contacts?.backfill).toEqual({ defaultPeriod: { days: 30 } });
  });

  it('maps onto fields the sandbox CRM has, and stage values onto status values it knows', () => {
    const contacts = getObjectMetadata('contacts');
    const mapped = Object.values(recommendedContactsRead.selectedFieldMappings);
    for (const fieldName of mapped) expect(contacts?.fields[fieldName], fieldName).toBeDefined();
    const statuses = contacts?.fields.status?.values?.map((v) => v.value);
    expect(statuses).toEqual(
      expect.arrayContaining(Object.values(recommendedContactsRead.selectedValueMappings.stage)),
    );
  });
});
