import { InstallationWizard, SpliceProvider } from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <SpliceProvider baseUrl="/api">
      <InstallationWizard integrationId="crm-sync" />
    </SpliceProvider>
  </main>,
);
