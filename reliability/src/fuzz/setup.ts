import { recommendedContactsRead } from '@splice/service/demo-fixtures';
import type { InProcessService } from '../service-harness.js';
import type { SearchableFields } from './service-cases.js';

/**
 * acme's installation for the search fuzz: the demo's recommended contacts config (`stage` mapped to
 * `status`, values too, and `priority` to `score`), companies paused (not searchable), deals paused too
 * (but `enabled: always` in the manifest: still searchable).
 */
export const acmeInstallation = {
  groupRef: 'acme',
  config: {
    content: {
      provider: 'sandboxcrm',
      read: {
        objects: {
          contacts: recommendedContactsRead,
          companies: { objectName: 'companies', disabled: true },
          deals: { objectName: 'deals', disabled: true },
        },
      },
    },
  },
};

export async function installAcme(service: InProcessService): Promise<void> {
  const response = await fetch(`${service.baseUrl}/projects/demo/integrations/crm-sync/installations`, {
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
      `${service.baseUrl}/projects/demo/integrations/crm-sync/objects/${objectName}/metadata?groupRef=acme`,
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
