import { SearchBox } from '@splice/react';
import { PageHeader } from '../components/page-header.js';
import { crmIntegrationId } from '../integration.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';
import { useHashIntegration } from '../use-hash-route.js';

/**
 * Searches the company's CRM records through Splice: by Northwind's mapped names or the CRM's own. In
 * `crm-sync`, or in the integration the hash names (`#/search?integration=hubspot-sync`).
 */
export function SearchPage() {
  const user = useSignedInUser();
  const integration = useHashIntegration();
  return (
    <>
      <PageHeader title="Find CRM records">
        <p>
          Look up records in {user.company}'s CRM without leaving Northwind. Filter by Northwind's names (such
          as the pipeline stage) or by any field of the CRM.
        </p>
      </PageHeader>
      <section className="nw-card" aria-label="Search">
        <SearchBox
          key={integration ?? crmIntegrationId}
          integrationId={integration ?? crmIntegrationId}
          installHref={hrefOf('/install', integration)}
        />
      </section>
    </>
  );
}
