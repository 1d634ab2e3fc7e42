import { InstallationWizard, SpliceProvider } from '@splice/react';
import '@splice/react/styles.css';
import { createRoot } from 'react-dom/client';
import { bigWizard } from './fixture.js';
import { spliceBench } from './measure.js';

(window as unknown as { spliceBench: typeof spliceBench }).spliceBench = spliceBench;

const params = new URLSearchParams(location.search);
const fields = Number(params.get('fields') ?? 2_000);
const mappings = Number(params.get('mappings') ?? 300);

/**
 * The BFF stand-in: answers the wizard's GET with a big object. The answer is built per call and not kept,
 * so the heap figure counts what the library holds, not a copy kept by the bench.
 */
const fakeFetch = async () =>
  new Response(JSON.stringify(bigWizard(fields, mappings)), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

createRoot(document.getElementById('root')!).render(
  <SpliceProvider baseUrl="/api" fetch={fakeFetch}>
    <InstallationWizard integrationId="crm-sync" />
  </SpliceProvider>,
);
