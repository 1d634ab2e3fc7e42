/**
 * `@amp-labs/react` unchanged: its server is the embedded service, set at build time through the library's
 * documented `REACT_APP_AMP_SERVER` (see build-page.ts). The key is in this page only because the hosted
 * service allows a key in the browser during development; the demo never ships one.
 */
import { AmpersandProvider, InstallIntegration } from '@amp-labs/react';
import '@amp-labs/react/styles';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

declare const __PAGE_SETTINGS__: { apiKey: string; project: string; integration: string };
const settings = __PAGE_SETTINGS__;

function Page() {
  const [event, setEvent] = useState('none yet');
  return (
    <AmpersandProvider options={{ apiKey: settings.apiKey, project: settings.project }}>
      <p>
        Last event: <output data-testid="last-event">{event}</output>
      </p>
      <InstallIntegration
        integration={settings.integration}
        consumerRef="dana@initech"
        consumerName="Dana"
        groupRef="initech"
        groupName="Initech"
        onInstallSuccess={(installationId) => setEvent(`installed ${installationId}`)}
        onUpdateSuccess={(installationId) => setEvent(`updated ${installationId}`)}
        onUninstallSuccess={(installationId) => setEvent(`uninstalled ${installationId}`)}
      />
    </AmpersandProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
