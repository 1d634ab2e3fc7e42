import { SpliceProvider, UninstallButton } from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <SpliceProvider baseUrl="/api">
      <UninstallButton integrationId="crm-sync" />
    </SpliceProvider>
  </main>,
);
