/**
 * A catalog entry as the hosted service's `GET /providers/{provider}` answers it (`ProviderInfo` in its
 * catalog description): the auth type and OAuth 2 URLs, the API base URL, what the connector supports.
 * No app credential is part of it.
 */
import type { ProviderCatalogEntry } from './catalog-entry.js';

interface BatchWriteSupportConfig {
  supported: boolean;
  defaultRecordLimit?: number;
}

export interface ProviderInfo {
  name: string;
  displayName: string;
  authType: 'oauth2';
  baseURL: string;
  defaultModule: string;
  oauth2Opts: {
    grantType: ProviderCatalogEntry['oauth']['grantType'];
    authURL: string;
    tokenURL: string;
    explicitScopesRequired: boolean;
    explicitWorkspaceRequired: boolean;
    tokenMetadataFields: ProviderCatalogEntry['oauth']['tokenMetadataFields'];
  };
  support: {
    read: boolean;
    write: boolean;
    delete: boolean;
    proxy: boolean;
    subscribe: boolean;
    bulkWrite: ProviderCatalogEntry['support']['bulkWrite'];
    batchWrite: Record<'create' | 'update' | 'upsert' | 'delete', BatchWriteSupportConfig>;
    search: { operators: { equals: boolean } };
  };
}

export function providerInfo(entry: ProviderCatalogEntry): ProviderInfo {
  const batch = entry.support.batchWrite;
  const batchSupport = (supported: boolean): BatchWriteSupportConfig =>
    supported && batch ? { supported, defaultRecordLimit: batch.limit } : { supported: false };
  return {
    name: entry.name,
    displayName: entry.displayName,
    authType: 'oauth2',
    baseURL: entry.api.baseUrl,
    defaultModule: entry.defaultModule,
    oauth2Opts: {
      grantType: entry.oauth.grantType,
      authURL: entry.oauth.authorizeUrl,
      tokenURL: entry.oauth.tokenUrl,
      // The service asks for the entry's scopes itself; nothing is needed from the user before consent.
      explicitScopesRequired: false,
      explicitWorkspaceRequired: false,
      tokenMetadataFields: { ...entry.oauth.tokenMetadataFields },
    },
    support: {
      read: entry.support.read,
      write: entry.support.write,
      delete: entry.support.delete,
      proxy: entry.support.proxy,
      // Providers' change notifications are not used: reads find changes by modification time.
      subscribe: false,
      bulkWrite: { ...entry.support.bulkWrite },
      batchWrite: {
        create: batchSupport(batch?.create ?? false),
        update: batchSupport(batch?.update ?? false),
        upsert: { supported: false },
        delete: { supported: false },
      },
      search: { operators: { equals: entry.support.search } },
    },
  };
}
