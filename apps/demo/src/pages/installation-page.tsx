import {
  clearWizardDrafts,
  describeError,
  InstallationWizard,
  SyncStatus,
  UninstallButton,
  useIntegration,
  useSpliceUi,
} from '@splice/react';
import { useEffect, useRef, useState } from 'react';
import { ActivityPanel } from '../components/activity-panel.js';
import { CrmAccount } from '../components/crm-account.js';
import { InstallationSummary } from '../components/installation-summary.js';
import { PageHeader } from '../components/page-header.js';
import { WithServedIntegration } from '../components/served-integration.js';
import { providerName, useProviderControls } from '../provider-controls-api.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';
import { confirmDiscard, setUnsavedChanges } from '../unsaved-changes.js';
import { setHashStep, useHashStep } from '../use-hash-route.js';

/**
 * The company's installation of a CRM sync, from the BFF's `GET /api/integrations/{id}`: the integration
 * the hash names (`#/installation?integration=hubspot-sync`), else the company's own.
 */
export function InstallationPage() {
  const user = useSignedInUser();
  return (
    <>
      <PageHeader title="CRM sync settings">
        <p>
          What Northwind reads from {user.company}'s CRM, and how your fields and values are matched to it.
        </p>
      </PageHeader>
      <WithServedIntegration>
        {(integrationId) => <IntegrationSettings key={integrationId} integrationId={integrationId} />}
      </WithServedIntegration>
      <ActivityPanel />
    </>
  );
}

function IntegrationSettings({ integrationId }: { integrationId: string }) {
  const user = useSignedInUser();
  const { messages } = useSpliceUi();
  const integration = useIntegration(integrationId);
  // The integration's own name ("HubSpot sync"), once known.
  const name = integration.data?.integration.displayName ?? 'CRM sync';
  // The editor is open while the URL names its step: reload, Back and Forward keep it where it was.
  const step = useHashStep();
  // Saved: the editor's finish screen stays until closed, but the URL no longer names a step, so a
  // reload or a later visit shows the settings rather than the editor again.
  const [saved, setSaved] = useState(false);
  const editing = step !== undefined || saved;
  const [dirty, setDirty] = useState(false);
  // Set by a confirmed uninstall: the settings give way to the empty state at once, and without a word
  // the user could not tell an uninstall that worked from a page that lost its data.
  const [uninstalled, setUninstalled] = useState(false);
  // Opened by the Edit button (which gives way to the editor): the editor's first step takes the focus.
  const [openedByClick, setOpenedByClick] = useState(false);
  // The uninstall section goes with the installation: its outcome, said in the banner, takes the focus.
  const uninstalledRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (uninstalled) uninstalledRef.current?.focus();
  }, [uninstalled]);
  useEffect(() => {
    setUnsavedChanges(editing && dirty);
    return () => setUnsavedChanges(false);
  }, [editing, dirty]);
  const closeEditor = () => {
    if (!confirmDiscard()) return;
    clearWizardDrafts();
    setSaved(false);
    setHashStep('/installation', undefined);
  };

  let body: React.ReactNode;
  if (integration.isPending) {
    body = <p role="status">Loading the sync settings…</p>;
  } else if (integration.isError && !integration.data) {
    // A failed refetch (a throttled CRM refusing the fields' metadata for a while) keeps the settings
    // already shown: only a page with nothing to show says it failed.
    const failure = describeError(integration.error, messages);
    body = (
      <div role="alert" className="nw-form-error">
        <p>{failure.text}</p>
        {failure.reference && <p className="nw-muted">{failure.reference}</p>}
        <button
          type="button"
          className="nw-button nw-button--quiet"
          onClick={() => void integration.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (!integration.data.installation) {
    const connected = Boolean(integration.data.connection);
    body = (
      <div className="nw-empty">
        {/* Just after an uninstall (said in the banner above) "not installed yet" would be untrue: the
            company had it, and the connection went with it unless something else still uses it. */}
        <p>
          {uninstalled ? (
            <>
              <strong>
                {user.company} can install {name} again at any time.
              </strong>{' '}
              {connected
                ? 'Your CRM account is still connected.'
                : 'The CRM connection went with it, so installing again starts with connecting your CRM.'}
            </>
          ) : (
            <>
              <strong>
                {user.company} has not installed {name} yet.
              </strong>{' '}
              {connected
                ? 'Your CRM account is connected and ready.'
                : 'Your company has not connected a CRM account yet, so installing will ask you to connect one first.'}
            </>
          )}
        </p>
        <p>
          <a className="nw-button" href={hrefOf('/install', integrationId)}>
            {/* Says what the button does: with a connection, the next step is the install itself. */}
            {connected ? `Set up ${name}` : 'Connect your CRM'}
          </a>
        </p>
      </div>
    );
  } else if (editing) {
    body = (
      <>
        <InstallationWizard
          integrationId={integrationId}
          mode="edit"
          autoFocus={openedByClick}
          draftKey={user.id}
          {...(step ? { step } : {})}
          onStepChange={(id) => setHashStep('/installation', id)}
          onDirtyChange={setDirty}
          onInstalled={() => {
            setSaved(true);
            setHashStep('/installation', undefined, { replace: true });
          }}
        />
        <p>
          <button type="button" className="nw-button nw-button--quiet" onClick={closeEditor}>
            Close the editor
          </button>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <InstallationSummary installation={integration.data.installation} details={integration.data} />
        <p>
          <button
            type="button"
            className="nw-button"
            onClick={() => {
              setOpenedByClick(true);
              setHashStep('/installation', 'objects', { push: true });
            }}
          >
            Edit settings
          </button>
        </p>
      </>
    );
  }
  const installed = Boolean(integration.data?.installation);
  // A connection the CRM stopped accepting stops every read: it goes to the top of the page, with
  // Reconnect, before the status that it explains.
  const connectionBroken = integration.data?.connection?.status === 'bad_credentials';
  // A throttled account is no failure: the reads wait for its quota and go on, which the status shows as
  // reading. Said above the status, so a slow read is not mistaken for a stuck one.
  const controls = useProviderControls().data;
  const throttled =
    installed && controls?.throttled && controls.provider === integration.data?.integration.provider;

  return (
    <>
      {uninstalled && !installed && (
        <p className="nw-banner nw-banner--success" role="status" ref={uninstalledRef} tabIndex={-1}>
          {name} is uninstalled for {user.company}: nothing more is read. The records already delivered stay
          on <a href={hrefOf('/records')}>Imported records</a>.
        </p>
      )}
      {connectionBroken && (
        <p className="nw-banner nw-banner--error" role="alert">
          Your CRM no longer accepts the saved sign-in, so nothing is read.{' '}
          {installed ? 'Reconnect it below to read again.' : 'Reconnect it below.'}
        </p>
      )}
      {connectionBroken && <CrmAccount integrationId={integrationId} />}
      {throttled && !connectionBroken && (
        <p className="nw-banner" role="status">
          {providerName(controls.provider)} is limiting how often Northwind may ask for {user.company}'s
          records, so the reads are catching up: they wait for the limit and go on from where they were.
          Nothing fails and nothing is lost.
        </p>
      )}
      {installed && (
        <div className="nw-card">
          <SyncStatus integrationId={integrationId} />
          <p className="nw-muted">
            The records arrive in Northwind's own database: see{' '}
            <a href={hrefOf('/records')}>Imported records</a>, or{' '}
            <a href={hrefOf('/search', integrationId)}>find records in your CRM</a>.
          </p>
        </div>
      )}
      <section className="nw-card" aria-label="Installation">
        {body}
      </section>
      {installed && (
        <section className="nw-card" aria-labelledby="uninstall-heading">
          <h2 id="uninstall-heading">Stop syncing</h2>
          <UninstallButton
            integrationId={integrationId}
            integrationName={name}
            onUninstalled={() => {
              setUninstalled(true);
              clearWizardDrafts();
              setSaved(false);
              setHashStep('/installation', undefined);
            }}
          />
        </section>
      )}
      {!connectionBroken && <CrmAccount integrationId={integrationId} />}
    </>
  );
}
