import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import {
  backfillingObject,
  fixtureNow,
  pausedObject,
  syncStatusFixture,
  upToDateObject,
} from '../../test-utils/sync-status-fixture.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { SyncStatus } from './sync-status.js';

function renderStatus(fetch: ReturnType<typeof createFakeBff>) {
  const Wrapper = testWrapper(fetch);
  render(
    <Wrapper>
      <SyncStatus integrationId="crm-sync" pollIntervalMs={40} />
    </Wrapper>,
  );
}

/** How often `text` appears in the element's text. */
const timesSaid = (element: HTMLElement, text: string) => (element.textContent ?? '').split(text).length - 1;

describe('SyncStatus says each state once, and only what is true', () => {
  it('after one Run now, says the read started, not also that a read is already running', async () => {
    const started = { operationId: 'op-run-1', readType: 'triggered' as const, time: fixtureNow };
    const fetch = createFakeBff({
      status: [
        syncStatusFixture([upToDateObject]),
        syncStatusFixture([
          {
            ...upToDateObject,
            state: 'reading',
            canRunNow: false,
            runNowBlockedBy: 'running',
            lastRun: { ...started, status: 'in_progress' },
          },
        ]),
      ],
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'companies' });
    await userEvent.click(within(item).getByRole('button', { name: 'Run now: read companies' }));
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'reading'));
    expect(item).toHaveTextContent('A read of companies has started.');
    expect(item).not.toHaveTextContent('A read is already running.');
  });

  it('says an object turned off in the settings once, with no Run now or Pause to press', async () => {
    const fetch = createFakeBff({
      status: syncStatusFixture([
        { ...pausedObject, state: 'turned_off', canRunNow: false, runNowBlockedBy: 'turned_off' },
      ]),
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'Deals' });
    expect(item).toHaveAttribute('data-state', 'turned_off');
    expect(within(item).getByText('Turned off')).toBeInTheDocument();
    expect(timesSaid(item, 'turned off in the installation settings')).toBe(1);
    expect(within(item).queryByRole('button')).toBeNull();
    expect(item).not.toHaveTextContent('Paused');
  });

  it('tells a pause by the app from the user’s own, and offers Resume only for the user’s', async () => {
    const fetch = createFakeBff({
      status: syncStatusFixture([
        { ...pausedObject, paused: true, pausedBy: 'service' },
        { ...pausedObject, objectName: 'companies', paused: true, pausedBy: 'user' },
      ]),
    });
    renderStatus(fetch);
    const byApp = await screen.findByRole('listitem', { name: 'Deals' });
    expect(within(byApp).getByText('Paused')).toBeInTheDocument();
    expect(byApp).toHaveTextContent('The app paused reads of this object; only it can resume them.');
    expect(byApp).not.toHaveTextContent('Choose Resume');
    expect(within(byApp).queryByRole('button', { name: /^Resume/ })).toBeNull();
    const byUser = screen.getByRole('listitem', { name: 'companies' });
    expect(within(byUser).getByText('Paused')).toBeInTheDocument();
    expect(byUser).toHaveTextContent('Choose Resume to continue.');
    expect(byUser).not.toHaveTextContent('The app paused');
    expect(within(byUser).getByRole('button', { name: 'Resume reading companies' })).toBeEnabled();
  });

  it('over a broken connection, says on every read that it cannot run, never that it is up to date', async () => {
    const blocked = {
      ...upToDateObject,
      state: 'failing' as const,
      problem: { code: 'connection' as const },
      canRunNow: false,
      runNowBlockedBy: 'connection' as const,
    };
    const fetch = createFakeBff({
      status: {
        ...syncStatusFixture([blocked, { ...blocked, objectName: 'deals' }]),
        connectionStatus: 'bad_credentials',
      },
    });
    renderStatus(fetch);
    await screen.findByRole('listitem', { name: 'companies' });
    for (const name of ['companies', 'Deals']) {
      const item = screen.getByRole('listitem', { name });
      expect(within(item).getByText('Needs attention')).toBeInTheDocument();
      expect(item).toHaveTextContent('The connection to your account no longer works.');
      expect(within(item).getByRole('button', { name: `Run now: read ${name}` })).toBeDisabled();
      // The reason is the connection, said once: not also that a read is running.
      expect(item).not.toHaveTextContent('A read is already running.');
      expect(item).not.toHaveTextContent('Up to date');
    }
  });

  it('names the import’s records read and delivered, and counts deliveries as deliveries', async () => {
    const fetch = createFakeBff({
      status: syncStatusFixture([
        {
          ...backfillingObject,
          recordsDelivered: 2_000,
          backfill: {
            ...backfillingObject.backfill!,
            recordsProcessed: 4_000,
            recordsEstimatedTotal: 5_013,
            recordsDelivered: 2_000,
          },
        },
      ]),
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'Contacts' });
    expect(item).toHaveTextContent('4,000 of about 5,013 records read');
    expect(item).toHaveTextContent('2,000 delivered to the app so far');
    expect(item).toHaveTextContent('Deliveries, updates included2,000');
    expect(item).not.toHaveTextContent('Records delivered');
  });
});
