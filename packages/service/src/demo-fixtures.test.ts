import { configContentSchema } from '@splice/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmulatedProviders, startEmulatedProviders } from './connectors/emulated-providers.fixture.js';
import { recommendedCrmContent, recommendedCrmReads, recommendedCrmWrites } from './demo-fixtures.js';
import type { Connection } from './store/index.js';

describe('the recommended config of each demo CRM', () => {
  let providers: EmulatedProviders;
  beforeAll(async () => {
    providers = await startEmulatedProviders();
  });
  afterAll(() => providers.close());

  it.each(['hubspot', 'salesforce'] as const)('is a valid config content for %s', (crm) => {
    expect(configContentSchema.safeParse(recommendedCrmContent(crm)).success).toBe(true);
    const withBackfill = configContentSchema.parse(
      recommendedCrmContent(crm, { defaultPeriod: { days: 30 } }),
    );
    const objectName = recommendedCrmReads[crm].contacts.objectName;
    expect(withBackfill.read?.objects[objectName]?.backfill).toEqual({ defaultPeriod: { days: 30 } });
  });

  it.each(['hubspot', 'salesforce'] as const)(
    "maps onto %s fields the provider's metadata has, and stage values onto that picklist's values",
    async (crm) => {
      const { contacts } = recommendedCrmReads[crm];
      providers.grant(crm, `conn-fixture-${crm}`);
      const connector = providers.source.forConnection({
        id: `conn-fixture-${crm}`,
        provider: crm,
      } as Connection);
      const [metadata] = await connector.listObjectMetadata([contacts.objectName]);
      for (const name of Object.values(contacts.selectedFieldMappings)) {
        expect(metadata?.fields[name], name).toBeDefined();
      }
      const stageValues = metadata?.fields[contacts.selectedFieldMappings.stage]?.values?.map((v) => v.value);
      expect(stageValues).toEqual(
        expect.arrayContaining(Object.values(contacts.selectedValueMappings.stage)),
      );
    },
  );

  it.each(['hubspot', 'salesforce'] as const)(
    'defaults a writable %s field on the written object',
    async (crm) => {
      const { objectName, sourceField } = recommendedCrmWrites[crm];
      providers.grant(crm, `conn-fixture-w-${crm}`);
      const connector = providers.source.forConnection({
        id: `conn-fixture-w-${crm}`,
        provider: crm,
      } as Connection);
      const [metadata] = await connector.listObjectMetadata([objectName]);
      expect(metadata?.fields[sourceField]).toBeDefined();
      expect(metadata?.fields[sourceField]?.readOnly ?? false).toBe(false);
      const content = configContentSchema.parse(recommendedCrmContent(crm));
      expect(content.write?.objects[objectName]?.deletionSettings).toEqual({ enabled: false });
    },
  );
});
