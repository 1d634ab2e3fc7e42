import {
  BackfillPicker,
  ConnectButton,
  InstallationWizard,
  InviteForm,
  SearchBox,
  SpliceErrorBoundary,
  SpliceProvider,
  SyncStatus,
  UninstallButton,
} from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <SpliceProvider baseUrl="/api">
      <SpliceErrorBoundary>
        <ConnectButton integrationId="crm-sync" />
        <InstallationWizard integrationId="crm-sync" />
        <SyncStatus integrationId="crm-sync" />
        <SearchBox integrationId="crm-sync" />
        <InviteForm />
        <BackfillPicker name="backfill" />
        <UninstallButton integrationId="crm-sync" />
      </SpliceErrorBoundary>
    </SpliceProvider>
  </main>,
);
