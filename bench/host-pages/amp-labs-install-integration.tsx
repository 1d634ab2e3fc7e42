// The nearest peer's configuration component, as its README shows a host mounting it.
import { AmpersandProvider, InstallIntegration } from '@amp-labs/react';
import '@amp-labs/react/styles';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <AmpersandProvider options={{ apiKey: 'api-key', project: 'project' }}>
      <InstallIntegration integration="crm-sync" consumerRef="user-1" groupRef="group-1" />
    </AmpersandProvider>
  </main>,
);
