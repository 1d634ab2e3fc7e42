import type { IntegrationDetails } from '@splice/schema';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InstallationWizard } from '../components/installation-wizard/installation-wizard.js';
import { SyncStatus } from '../components/sync-status/sync-status.js';
import { createFakeBff } from '../test-utils/fake-bff.js';
import { backfillingObject, syncStatusFixture } from '../test-utils/sync-status-fixture.js';
import { testWizard } from '../test-utils/test-wizard.js';
import { SpliceProvider } from './splice-provider.js';

const installed = {
  id: 'inst_1',
  projectId: 'demo',
  integrationId: 'crm-sync',
  healthStatus: 'healthy',
  createTime: '2026-11-21T10:00:00.000Z',
  createdBy: 'consumer:alice',
  connection: {},
  config: {
    id: 'cfg',
    revisionId: 'rev',
    createTime: '2026-11-21T10:00:00.000Z',
    createdBy: 'x',
    content: {},
  },
} as unknown as IntegrationDetails['installation'];

describe('under the provider’s locale de', () => {
  it('writes dates and numbers the German way, whatever the browser’s language', async () => {
    const fetch = createFakeBff({
      integration: testWizard({
        connection: { id: 'c', status: 'working' } as never,
        installation: installed,
      }),
      status: syncStatusFixture([backfillingObject]),
    });
    const { container } = render(
      <SpliceProvider baseUrl="/bff" fetch={fetch} queryClient={new QueryClient()} locale="de">
        <InstallationWizard integrationId="crm-sync" />
        <SyncStatus integrationId="crm-sync" />
      </SpliceProvider>,
    );
    // Tests run in UTC; German writes the day first, the month abbreviated, a 24-hour clock.
    expect(await screen.findByText(/Installiert am/)).toHaveTextContent(
      'Installiert am 21. Nov. 2026, 10:00 UTC.',
    );
    // German groups thousands with a dot: "1.250 von etwa 5.000".
    await waitFor(() =>
      expect(container.querySelector('[data-scope="sync-status"]')).toHaveTextContent(/1\.250\D+5\.000/),
    );
  });
});
