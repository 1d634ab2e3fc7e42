/**
 * HubSpot in the provider catalog: OAuth 2 authorization code at `/oauth/v1/token` (HubSpot's refresh
 * tokens do not rotate, its emulator's may), the CRM v3 API on one base URL for every account, batch
 * create and update of 100 records, and search with HubSpot's filter groups.
 */
import type { ProviderAppConfig } from '../../config.js';
import type { ProviderCatalogEntry } from '../catalog-entry.js';

/** HubSpot's public API origin; its consent page lives on another host. */
const hubSpotApi = 'https://api.hubapi.com';
const hubSpotConsent = 'https://app.hubspot.com/oauth/authorize';

/** HubSpot's largest batch (CRM v3 `batch/create`, `batch/update`). */
export const hubSpotBatchLimit = 100;

/** The objects the connector reads and writes, and the schema reads that list their properties. */
export const hubSpotScopes = [
  'oauth',
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.objects.deals.read',
  'crm.objects.deals.write',
  'crm.schemas.contacts.read',
  'crm.schemas.companies.read',
  'crm.schemas.deals.read',
] as const;

export function hubSpotCatalogEntry(app: ProviderAppConfig): ProviderCatalogEntry {
  // The emulator serves its consent page beside its API; HubSpot serves it on app.hubspot.com.
  const authorizeUrl = app.baseUrl === hubSpotApi ? hubSpotConsent : `${app.baseUrl}/oauth/authorize`;
  return {
    name: 'hubspot',
    displayName: 'HubSpot',
    oauth: {
      grantType: 'authorizationCode',
      authorizeUrl,
      tokenUrl: `${app.baseUrl}/oauth/v1/token`,
      tokenInfoUrl: `${app.baseUrl}/oauth/v1/access-tokens`,
      scopes: hubSpotScopes,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      tokenMetadataFields: {
        workspaceRefField: 'hub_id',
        consumerRefField: 'user_id',
        scopesField: 'scopes',
      },
    },
    api: { kind: 'fixed', baseUrl: app.baseUrl },
    support: {
      read: true,
      write: true,
      delete: true,
      search: true,
      proxy: true,
      batchWrite: { create: true, update: true, limit: hubSpotBatchLimit },
      bulkWrite: { insert: false, update: false, upsert: false, delete: false },
    },
    defaultModule: 'crm',
    // The lowest of HubSpot's burst limits (free and starter apps: 100 per 10 s, per account).
    rateLimit: { requests: 100, intervalMs: 10_000 },
  };
}
