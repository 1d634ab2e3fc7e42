import type { CatalogEntry, IntegrationStep } from '@splice/react';
import { IntegrationsCatalog } from '@splice/react';
import { PageHeader } from '../components/page-header.js';
import { crmIntegrationId } from '../integration.js';
import type { RoutePath } from '../routes.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';

/**
 * Where each step leads in this app. Its settings and search pages serve `crm-sync` only; another
 * integration (HubSpot sync, Salesforce sync) is connected and installed through the install page, which
 * takes the integration from the URL; once installed, its records show on the records page.
 */
function stepHref(step: IntegrationStep, entry: CatalogEntry): string | undefined {
  if (entry.id !== crmIntegrationId) return step === 'settings' ? undefined : hrefOf('/install', entry.id);
  const page: RoutePath =
    step === 'settings' || (step === 'reconnect' && entry.installation !== 'not_installed')
      ? '/installation'
      : '/install';
  return hrefOf(page);
}

/** Every integration of the project, and where the signed-in user's company stands with each. */
export function IntegrationsPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Integrations">
        <p>
          The tools Northwind connects to. Each says whether {user.company} is connected and whether it is
          installed, with the next step to take.
        </p>
      </PageHeader>
      <section className="nw-card" aria-labelledby="integrations-heading">
        <h2 id="integrations-heading">Available integrations</h2>
        <IntegrationsCatalog stepHref={stepHref} />
      </section>
    </>
  );
}
