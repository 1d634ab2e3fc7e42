import type { CatalogEntry, IntegrationCatalog } from '@splice/schema';

const entry = (fields: Partial<CatalogEntry> & Pick<CatalogEntry, 'name' | 'displayName'>): CatalogEntry => ({
  id: fields.name,
  provider: 'sandboxcrm',
  providerDisplayName: 'Sandbox CRM',
  connection: 'connected',
  installation: 'not_installed',
  ...fields,
});

/** A project of five integrations, one in each state a group can be in with an integration. */
export function catalogFixture(): IntegrationCatalog {
  return {
    integrations: [
      entry({ name: 'crm-sync', displayName: 'CRM sync', installation: 'installed' }),
      entry({ name: 'deal-feed', displayName: 'Deal feed' }),
      entry({
        name: 'ticket-sync',
        displayName: 'Ticket sync',
        provider: 'helpdesk',
        providerDisplayName: 'Helpdesk',
        connection: 'none',
      }),
      entry({ name: 'company-sync', displayName: 'Company sync', installation: 'paused' }),
      entry({
        name: 'lead-sync',
        displayName: 'Lead sync',
        connection: 'needs_reconnect',
        installation: 'unhealthy',
      }),
    ],
  };
}
