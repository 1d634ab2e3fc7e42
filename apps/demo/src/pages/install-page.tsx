import type { Installation } from '@splice/react';
import { InstallationWizard, useIntegration } from '@splice/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../components/page-header.js';
import { QuickSetup } from '../components/quick-setup.js';
import { crmIntegrationId } from '../integration.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';
import { setUnsavedChanges } from '../unsaved-changes.js';
import { setHashStep, useHashIntegration, useHashStep } from '../use-hash-route.js';

/**
 * Installs `crm-sync` for the signed-in user's company: the full wizard, or a one-question quick setup.
 * With `?integration=<id>` in the hash, the wizard installs that integration instead (HubSpot sync,
 * Salesforce sync); the app's other pages serve `crm-sync` only, so its records page is where it leads.
 */
export function InstallPage() {
  const user = useSignedInUser();
  const integrationId = useHashIntegration() ?? crmIntegrationId;
  const isCrmSync = integrationId === crmIntegrationId;
  const integration = useIntegration(integrationId);
  const name = integration.data?.integration.displayName ?? 'CRM sync';
  // Where an installation is seen: crm-sync's settings page, or the records another integration delivers.
  const installedHref = isCrmSync ? hrefOf('/installation') : hrefOf('/records');
  const installedLink = isCrmSync ? 'See the sync settings' : 'See the imported records';
  const [installed, setInstalled] = useState<Installation | null>(null);
  const existing = integration.data?.installation;
  // 'created' works too (the connect step treats it so); only a missing or refused connection does not.
  const connection = integration.data?.connection;
  const connected = Boolean(connection) && connection?.status !== 'bad_credentials';
  // The wizard's step lives in the URL (Back/Forward move between steps); its draft in the tab's storage.
  const step = useHashStep();
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    setUnsavedChanges(dirty);
    return () => setUnsavedChanges(false);
  }, [dirty]);
  // Quick setup is a second way to install: offered only until the wizard is under way.
  const started = dirty || (step !== undefined && step !== 'objects');

  return (
    <>
      <PageHeader title="Connect your CRM">
        <p>
          Choose what Northwind reads from {user.company}'s CRM and how it lands in your pipeline. Splice
          checks the settings against your CRM before saving them.
        </p>
      </PageHeader>

      {existing && !installed && (
        <p className="nw-banner" role="status">
          {user.company} already has {name} installed. <a href={installedHref}>{installedLink}</a>.
        </p>
      )}
      {installed && (
        <p className="nw-banner nw-banner--success" role="status">
          {name} is installed for {user.company}. <a href={installedHref}>{installedLink}</a>
          {!isCrmSync && (
            <>
              {' '}
              or <a href={hrefOf('/search', integrationId)}>find its records</a>
            </>
          )}
          .
        </p>
      )}

      <section className="nw-card" aria-label="Installation wizard">
        <InstallationWizard
          key={integrationId}
          integrationId={integrationId}
          onInstalled={setInstalled}
          draftKey={user.id}
          {...(step ? { step } : {})}
          onStepChange={(id) => setHashStep('/install', id)}
          onDirtyChange={setDirty}
          existingInstallationHref={installedHref}
        />
      </section>

      {/* Offered only before anything is installed (a company has one installation of an integration),
          and only with a working CRM connection: without one it could only fail. */}
      {isCrmSync && integration.isSuccess && connected && !existing && !installed && !started && (
        <section className="nw-card" aria-labelledby="quick-heading">
          <h2 id="quick-heading">Quick setup</h2>
          <p className="nw-muted">
            Or read your contacts, companies and deals with Northwind's recommended mapping (your CRM's status
            as the pipeline stage, its score as the priority) and choose only how much history to import: one
            choice for all three.
          </p>
          <QuickSetup />
        </section>
      )}
    </>
  );
}
