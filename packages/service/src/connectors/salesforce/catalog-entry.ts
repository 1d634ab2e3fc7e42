/**
 * Salesforce in the provider catalog: OAuth 2 authorization code with PKCE at the login URL (the emulator,
 * `https://login.salesforce.com`, or an org's My Domain), each connection's API at the `instance_url` its
 * token answer names, and batch create and update through sObject collections of 200 records.
 */
import type { ProviderAppConfig } from '../../config.js';
import type { ProviderCatalogEntry } from '../catalog-entry.js';
import { collectionLimit, salesforceProvider } from './salesforce-api.js';

/** REST API access, and a refresh token so reads go on without the user. */
export const salesforceScopes = ['api', 'refresh_token'] as const;

export function salesforceCatalogEntry(app: ProviderAppConfig): ProviderCatalogEntry {
  return {
    name: salesforceProvider,
    displayName: 'Salesforce',
    oauth: {
      grantType: 'authorizationCodePKCE',
      authorizeUrl: `${app.baseUrl}/services/oauth2/authorize`,
      tokenUrl: `${app.baseUrl}/services/oauth2/token`,
      scopes: salesforceScopes,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      // The token answer's `id` is the user's identity URL (it names the org and the user).
      tokenMetadataFields: {
        workspaceRefField: 'instance_url',
        consumerRefField: 'id',
        scopesField: 'scope',
      },
    },
    api: { kind: 'instanceUrl', baseUrl: app.baseUrl },
    support: {
      read: true,
      write: true,
      delete: true,
      search: true,
      proxy: true,
      batchWrite: { create: true, update: true, limit: collectionLimit },
      bulkWrite: { insert: false, update: false, upsert: false, delete: false },
    },
    defaultModule: 'crm',
    // A Developer Edition org's daily API requests (a rolling 24 hours); larger editions say more in
    // `Sforce-Limit-Info`, which the budget then follows.
    rateLimit: { requests: 15_000, intervalMs: 86_400_000 },
  };
}
