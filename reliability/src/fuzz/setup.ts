import { recommendedCrmReads } from '@splice/service/demo-fixtures';
import type { InProcessService } from '../service-harness.js';
import type { SearchableFields } from './service-cases.js';

/**
 * acme's installation for the search fuzz: the demo's recommended HubSpot contacts config (`stage` mapped
 * to `hs_lead_status`, values too, and `priority` to `hubspotscore`), companies paused (not searchable),
 * deals read.
 */
export const acmeInstallation = {
  groupRef: 'acme',
  config: {
    content: {
      provider: 'hubspot',
      read: {
        objects: {
          contacts: recommendedCrmReads.hubspot.contacts,
          companies: { objectName: 'companies', disabled: true },
          deals: { objectName: 'deals' },
        },
      },
    },
  },
};

export async function installAcme(service: InProcessService): Promise<void> {
  const response = await fetch(`${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': service.apiKey },
    body: JSON.stringify(acmeInstallation),
  });
  if (response.status !== 201)
    throw new Error(`installing acme: ${response.status} ${await response.text()}`);
}

/** The provider's fields of contacts and deals, plus the names mapped onto them. */
export async function searchableFields(service: InProcessService): Promise<SearchableFields> {
  const fieldsOf = async (objectName: string) => {
    const response = await fetch(
      `${service.baseUrl}/projects/demo/integrations/hubspot-sync/objects/${objectName}/metadata?groupRef=acme`,
      { headers: { 'x-api-key': service.apiKey } },
    );
    if (response.status !== 200) throw new Error(`metadata of ${objectName}: ${response.status}`);
    return Object.keys(((await response.json()) as { fields: Record<string, unknown> }).fields);
  };
  return {
    contacts: [...(await fieldsOf('contacts')), 'stage', 'priority', 'surname', 'funnelStage'],
    deals: [...(await fieldsOf('deals')), 'dealStage'],
  };
}
