import { startHubSpotEmulator, startSalesforceEmulator } from '@splice/provider-emulators';
import { describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../config.js';
import { providerCatalog } from './catalog.js';
import { connectorFor } from './connector-for.js';
import { MemoryTokenSource } from './memory-token-source.js';

describe('connectorFor', () => {
  it("reads HubSpot at the entry's base URL and Salesforce at the connection's instance URL", async () => {
    const hubspot = await startHubSpotEmulator({ counts: { contacts: 30, companies: 3, deals: 3 } });
    const salesforce = await startSalesforceEmulator({ counts: { contacts: 30, companies: 3, deals: 3 } });
    try {
      const catalog = providerCatalog(
        providerAppsFromEnv({
          SPLICE_HUBSPOT_BASE_URL: hubspot.url,
          SPLICE_SALESFORCE_BASE_URL: salesforce.url,
        }),
      );

      const hubspotTokens = hubspot.issueTokens();
      const fromHubSpot = connectorFor(catalog.get('hubspot')!, {
        id: 'connector-for-hubspot',
        tokens: new MemoryTokenSource({
          accessToken: hubspotTokens.accessToken,
          refreshToken: hubspotTokens.refreshToken,
        }),
      });
      expect(fromHubSpot.provider).toBe('hubspot');
      const contacts = await fromHubSpot.readPage({
        objectName: 'contacts',
        fields: ['email'],
        pageSize: 50,
      });
      expect(contacts.records).toHaveLength(30);

      const salesforceTokens = salesforce.issueTokens();
      const fromSalesforce = connectorFor(catalog.get('salesforce')!, {
        id: 'connector-for-salesforce',
        tokens: new MemoryTokenSource({
          accessToken: salesforceTokens.accessToken,
          refreshToken: salesforceTokens.refreshToken,
          instanceUrl: salesforce.url,
        }),
      });
      expect(fromSalesforce.provider).toBe('salesforce');
      const sfContacts = await fromSalesforce.readPage({
        objectName: 'Contact',
        fields: ['Email'],
        pageSize: 50,
      });
      expect(sfContacts.records).toHaveLength(30);
    } finally {
      await Promise.all([hubspot.close(), salesforce.close()]);
    }
  });
});
