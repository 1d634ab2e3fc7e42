import { SearchBox } from '@splice/react';
import { PageHeader } from '../components/page-header.js';
import { WithServedIntegration } from '../components/served-integration.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';

/**
 * Searches the company's CRM records through Splice: by Northwind's mapped names or the CRM's own. In the
 * integration the hash names (`#/search?integration=hubspot-sync`), else the company's own.
 */
export function SearchPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Find CRM records">
        <p>
          Look up records in {user.company}'s CRM without leaving Northwind. Filter by Northwind's names (such
          as the pipeline stage) or by any field of the CRM.
        </p>
      </PageHeader>
      <section className="nw-card" aria-label="Search">
        <WithServedIntegration>
          {(integrationId) => (
            <SearchBox
              key={integrationId}
              integrationId={integrationId}
              installHref={hrefOf('/install', integrationId)}
            />
          )}
        </WithServedIntegration>
      </section>
    </>
  );
}
