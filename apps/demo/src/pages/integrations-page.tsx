import type { CatalogEntry, IntegrationStep } from '@splice/react';
import { IntegrationsCatalog } from '@splice/react';
import { PageHeader } from '../components/page-header.js';
import type { RoutePath } from '../routes.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';

/**
 * Where each step leads in this app, for the entry's own integration (each page takes it from the URL):
 * connecting and installing on the install page, the settings (and a reconnect of an installed one) on
 * the sync settings page, which links the records and the search of that integration.
 */
function stepHref(step: IntegrationStep, entry: CatalogEntry): string | undefined {
  const page: RoutePath =
    step === 'settings' || (step === 'reconnect' && entry.installation !== 'not_installed')
      ? '/installation'
      : '/install';
  return hrefOf(page, entry.id);
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
