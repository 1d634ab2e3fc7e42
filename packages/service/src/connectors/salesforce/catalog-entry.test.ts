import { randomUUID } from 'node:crypto';
import { defaultConnectedApp, startSalesforceEmulator } from '@splice/provider-emulators';
import { describe, expect, it } from 'vitest';
import { providerAppsFromEnv } from '../../config.js';
import { providerCatalog } from '../catalog.js';
import { createProviderHttp } from '../create-provider-http.js';
import { MemoryTokenSource } from '../memory-token-source.js';
import { providerInfo } from '../provider-info.js';
import { SalesforceConnector } from './salesforce-connector.js';

describe('the Salesforce catalog entry', () => {
  it("defaults to the emulator's connected app and login URL, with PKCE and the instance URL as API base", () => {
    const salesforce = providerCatalog(providerAppsFromEnv({})).get('salesforce');
    expect(salesforce?.oauth).toMatchObject({
      grantType: 'authorizationCodePKCE',
      authorizeUrl: 'http://127.0.0.1:4021/services/oauth2/authorize',
      tokenUrl: 'http://127.0.0.1:4021/services/oauth2/token',
      clientId: defaultConnectedApp.clientId,
      clientSecret: defaultConnectedApp.clientSecret,
      scopes: ['api', 'refresh_token'],
    });
    expect(salesforce?.api).toEqual({ kind: 'instanceUrl', baseUrl: 'http://127.0.0.1:4021' });
    expect(salesforce?.support.batchWrite).toEqual({ create: true, update: true, limit: 200 });
  });

  it("takes Salesforce's own login URL and app from the environment, and shows no credential", () => {
    const entry = providerCatalog(
      providerAppsFromEnv({
        SPLICE_SALESFORCE_BASE_URL: 'https://login.salesforce.com',
        SPLICE_SALESFORCE_CLIENT_ID: '3MVG9-consumer-key',
        SPLICE_SALESFORCE_CLIENT_SECRET: 'consumer-secret-123',
      }),
    ).get('salesforce')!;
    expect(entry.oauth.tokenUrl).toBe('https://login.salesforce.com/services/oauth2/token');
    const info = providerInfo(entry);
    expect(info).toMatchObject({
      name: 'salesforce',
      displayName: 'Salesforce',
      baseURL: 'https://login.salesforce.com',
      oauth2Opts: {
        grantType: 'authorizationCodePKCE',
        tokenMetadataFields: {
          workspaceRefField: 'instance_url',
          consumerRefField: 'id',
          scopesField: 'scope',
        },
      },
      support: { batchWrite: { create: { supported: true, defaultRecordLimit: 200 } } },
    });
    expect(JSON.stringify(info)).not.toMatch(/consumer-key|consumer-secret/);
  });

  it("refreshes an expired token at the entry's token URL and reads at the token answer's instance URL", async () => {
    const emulator = await startSalesforceEmulator({ counts: { contacts: 5, companies: 1, deals: 1 } });
    try {
      const entry = providerCatalog(providerAppsFromEnv({ SPLICE_SALESFORCE_BASE_URL: emulator.url })).get(
        'salesforce',
      )!;
      const issued = emulator.issueTokens();
      const tokens = new MemoryTokenSource({
        accessToken: 'expired-long-ago',
        refreshToken: issued.refreshToken,
        expiresAtMs: Date.now() - 1,
        instanceUrl: emulator.url,
      });
      const connector = new SalesforceConnector(
        createProviderHttp({
          provider: entry.name,
          connectionId: randomUUID(),
          tokens,
          oauth: {
            tokenUrl: entry.oauth.tokenUrl,
            clientId: entry.oauth.clientId,
            clientSecret: entry.oauth.clientSecret,
          },
        }),
      );
      const page = await connector.readPage({ objectName: 'Contact', fields: ['LastName'], pageSize: 10 });
      expect(page.records).toHaveLength(5);
      expect(tokens.replaced).toHaveLength(1);
      expect(tokens.replaced[0]).toMatchObject({ instanceUrl: emulator.url });
      expect(tokens.replaced[0]!.accessToken).not.toBe('expired-long-ago');
    } finally {
      await emulator.close();
    }
  });
});
