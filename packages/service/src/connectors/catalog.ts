/**
 * The providers the service connects to, by name, built from the configured provider apps. A provider is
 * listed here once its connector exists; `GET /providers/{provider}` answers its entry (./provider-info.ts).
 */
import type { ProviderApps } from '../config.js';
import type { ProviderCatalogEntry } from './catalog-entry.js';
import { hubSpotCatalogEntry } from './hubspot/catalog-entry.js';
import { salesforceCatalogEntry } from './salesforce/catalog-entry.js';

export type { ProviderCatalogEntry };

export function providerCatalog(apps: ProviderApps): ReadonlyMap<string, ProviderCatalogEntry> {
  const entries: ProviderCatalogEntry[] = [
    hubSpotCatalogEntry(apps.hubspot),
    salesforceCatalogEntry(apps.salesforce),
  ];
  return new Map(entries.map((entry) => [entry.name, entry]));
}
