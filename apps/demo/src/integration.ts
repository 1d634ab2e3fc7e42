import type { CatalogEntry } from '@splice/react';
import { useIntegrations } from '@splice/react';
import type { DemoCrm } from '@splice/service/demo-fixtures';
import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import { useRef } from 'react';
import { useHashIntegration } from './use-hash-route.js';

export type { DemoCrm };

/** Whether Northwind has a recommended setup for a provider (HubSpot, Salesforce): the CRMs it syncs. */
export function isDemoCrm(provider: string): provider is DemoCrm {
  return Object.hasOwn(recommendedCrmReads, provider);
}

/**
 * The integration a company's pages serve when the URL names none: the one it has installed, else the
 * one whose CRM it is connected to, else the first the catalog lists. Only integrations of a CRM
 * Northwind syncs count, so an integration of another kind never becomes a company's default.
 */
export function companyIntegration(entries: readonly CatalogEntry[]): CatalogEntry | undefined {
  const crms = entries.filter((entry) => isDemoCrm(entry.provider));
  return (
    crms.find((entry) => entry.installation !== 'not_installed') ??
    crms.find((entry) => entry.connection !== 'none') ??
    crms[0]
  );
}

export type ServedIntegration =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'none' }
  | { status: 'ready'; id: string };

/**
 * The integration the current page serves: the one its URL names (`#/installation?integration=…`),
 * else the signed-in company's own (see `companyIntegration`), which the catalog tells. Once told, a
 * page keeps it while it stays open: what the page does (an uninstall) changes the company's standing and
 * so the catalog, which must not swap the page's integration, or reset it, under the user.
 */
export function useServedIntegration(): ServedIntegration {
  const named = useHashIntegration();
  const catalog = useIntegrations();
  const chosen = useRef<string | undefined>(undefined);
  if (named) return { status: 'ready', id: named };
  if (chosen.current) return { status: 'ready', id: chosen.current };
  if (catalog.data) {
    const entry = companyIntegration(catalog.data.integrations);
    chosen.current = entry?.id;
    return entry ? { status: 'ready', id: entry.id } : { status: 'none' };
  }
  if (catalog.isError) {
    return { status: 'error', error: catalog.error, retry: () => void catalog.refetch() };
  }
  return { status: 'pending' };
}
