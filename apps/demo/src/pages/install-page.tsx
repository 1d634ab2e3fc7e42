import type { Installation } from '@splice/react';
import { InstallationWizard, useIntegration } from '@splice/react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../components/page-header.js';
import { QuickSetup } from '../components/quick-setup.js';
import { WithServedIntegration } from '../components/served-integration.js';
import { isDemoCrm } from '../integration.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';
import { setUnsavedChanges } from '../unsaved-changes.js';
import { setHashStep, useHashStep } from '../use-hash-route.js';

/**
 * Installs a CRM sync for the signed-in user's company: the full wizard, or a one-question quick setup.
 * The integration is the one the hash names (`#/install?integration=salesforce-sync`), else the
 * company's own (its installed one, else the one whose CRM it is connected to, else the first listed).
 */
export function InstallPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="Connect your CRM">
        <p>
          Choose what Northwind reads from {user.company}'s CRM and how it lands in your pipeline. Splice
          checks the settings against your CRM before saving them.
        </p>
      </PageHeader>
      <WithServedIntegration>
        {(integrationId) => <InstallIntegration key={integrationId} integrationId={integrationId} />}
      </WithServedIntegration>
    </>
  );
}

function InstallIntegration({ integrationId }: { integrationId: string }) {
  const user = useSignedInUser();
  const integration = useIntegration(integrationId);
  const name = integration.data?.integration.displayName ?? 'CRM sync';
  const provider = integration.data?.integration.provider;
  const crm = provider && isDemoCrm(provider) ? provider : undefined;
  const installedHref = hrefOf('/installation', integrationId);
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
      {existing && !installed && (
        <p className="nw-banner" role="status">
          {user.company} already has {name} installed. <a href={installedHref}>See the sync settings</a>.
        </p>
      )}
      {installed && (
        <p className="nw-banner nw-banner--success" role="status">
          {name} is installed for {user.company}. <a href={hrefOf('/records')}>See the imported records</a>,{' '}
          <a href={installedHref}>the sync settings</a> or{' '}
          <a href={hrefOf('/search', integrationId)}>find its records</a>.
        </p>
      )}

      <section className="nw-card" aria-label="Installation wizard">
        <InstallationWizard
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
          only with a working CRM connection (without one it could only fail), and only for a CRM
          Northwind has a recommended setup for. */}
      {crm && integration.isSuccess && connected && !existing && !installed && !started && (
        <section className="nw-card" aria-labelledby="quick-heading">
          <h2 id="quick-heading">Quick setup</h2>
          <p className="nw-muted">
            Or read your {integration.data.integration.providerDisplayName} contacts, companies and deals with
            Northwind's recommended mapping ({crm === 'hubspot' ? 'the lead status' : 'the lead source'} as
            the pipeline stage{crm === 'hubspot' ? ', the HubSpot score as the priority' : ''}) and choose
            only how much history to import: one choice for all three.
          </p>
          <QuickSetup integrationId={integrationId} crm={crm} />
        </section>
      )}
    </>
  );
}
