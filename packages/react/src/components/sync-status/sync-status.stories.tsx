import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { pending, problem } from '../../test-utils/fake-bff.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import {
  backfillingObject,
  failingObject,
  pausedObject,
  syncStatusFixture,
  upToDateObject,
  waitingObject,
  writtenContacts,
} from '../../test-utils/sync-status-fixture.js';
import { connectedWizard, connection, testWizard } from '../../test-utils/test-wizard.js';
import { SyncStatus } from './sync-status.js';

const meta = {
  title: 'Components/SyncStatus',
  component: SyncStatus,
  args: { integrationId: 'crm-sync' },
  parameters: { bff: { status: syncStatusFixture() } satisfies FakeBffScenario },
} satisfies Meta<typeof SyncStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The list item of one object, found by its heading. */
async function objectItem(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name });
  return canvas.getByRole('listitem', { name });
}

export const Loading: Story = {
  parameters: { bff: { status: pending } satisfies FakeBffScenario },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading…');
  },
};

export const Backfilling: Story = {
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveAttribute('data-state', 'backfilling');
    const bar = within(item).getByRole('progressbar', { name: 'Import of past Contacts records' });
    await expect(bar).toHaveAttribute('value', '1250');
    await expect(bar).toHaveAttribute('max', '5000');
    await expect(item).toHaveTextContent('1,250 of about 5,000 records');
    // 1,250 records in the first 30 s: 3,750 more take 90 s at that pace, a minute after "now".
    await expect(item).toHaveTextContent('Done in 1 minute at the current pace');
    await expect(within(item).getByRole('button', { name: 'Run now: read Contacts' })).toBeDisabled();
  },
};

export const BackfillWithoutTotal: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([
        { ...backfillingObject, backfill: { ...backfillingObject.backfill!, recordsEstimatedTotal: null } },
      ]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    // No total: an indeterminate bar and a plain count, never an invented estimate.
    await expect(within(item).getByRole('progressbar')).not.toHaveAttribute('value');
    await expect(item).toHaveTextContent('1,250 records read so far');
    await expect(item).not.toHaveTextContent('at the current pace');
  },
};

export const UpToDate: Story = {
  parameters: {
    bff: { status: syncStatusFixture([upToDateObject]) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'companies');
    await expect(item).toHaveAttribute('data-state', 'up_to_date');
    await expect(item).toHaveTextContent('Up to date');
    await expect(item).toHaveTextContent('3 minutes ago (scheduled)');
    await expect(item).toHaveTextContent('in 12 minutes');
    await expect(item).toHaveTextContent('1,204');
  },
};

export const RunNow: Story = {
  parameters: {
    bff: {
      status: [
        syncStatusFixture([upToDateObject]),
        syncStatusFixture([
          { ...upToDateObject, state: 'reading', canRunNow: false, runNowBlockedBy: 'running' },
        ]),
      ],
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'companies');
    await userEvent.click(within(item).getByRole('button', { name: 'Run now: read companies' }));
    await waitFor(() => expect(item).toHaveTextContent('A read of companies has started.'));
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'reading'));
    await expect(within(item).getByRole('button', { name: 'Run now: read companies' })).toBeDisabled();
    // One click, one sentence: the read it started, not also "already running".
    await expect(item).not.toHaveTextContent('A read is already running.');
  },
};

/** An import half read and a quarter delivered: both counts named for what they count. */
export const BackfillReadAndDelivered: Story = {
  parameters: {
    bff: {
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
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveTextContent('4,000 of about 5,013 records read');
    await expect(item).toHaveTextContent('2,000 delivered to the app so far');
    await expect(item).toHaveTextContent('Deliveries, updates included');
  },
};

export const RunNowRefused: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([upToDateObject]),
      runNow: problem(429, { title: 'Too Many Requests', requestId: 'req-429' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'companies');
    await userEvent.click(within(item).getByRole('button', { name: 'Run now: read companies' }));
    const alert = await within(item).findByRole('alert');
    await expect(alert).toHaveTextContent('Too many requests in a short time');
    await expect(alert).toHaveTextContent('Reference: req-429');
  },
};

export const Paused: Story = {
  parameters: {
    bff: { status: syncStatusFixture([pausedObject]) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Deals');
    await expect(item).toHaveAttribute('data-state', 'paused');
    await expect(item).toHaveTextContent('Scheduled reads are paused');
    await expect(item).toHaveTextContent('Not scheduled');
  },
};

/** Paused through Pause: Resume is offered on the object. */
export const PausedByUser: Story = {
  parameters: {
    bff: { status: syncStatusFixture([{ ...pausedObject, paused: true }]) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Deals');
    await expect(within(item).getByRole('button', { name: 'Resume reading Deals' })).toBeEnabled();
  },
};

/** Paused by the app's operators: said so, with no Resume for the user. */
export const PausedByTheApp: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...pausedObject, paused: true, pausedBy: 'service' }]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Deals');
    await expect(item).toHaveTextContent('The app paused reads of this object; only it can resume them.');
    await expect(within(item).queryByRole('button', { name: 'Resume reading Deals' })).toBeNull();
  },
};

/** Turned off in the installation's settings: said once, nothing to press. */
export const TurnedOff: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([
        { ...pausedObject, state: 'turned_off', canRunNow: false, runNowBlockedBy: 'turned_off' },
      ]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Deals');
    await expect(item).toHaveAttribute('data-state', 'turned_off');
    await expect(item).toHaveTextContent('Turned off');
    await expect(within(item).queryByRole('button')).toBeNull();
  },
};

/** An integration whose provider is HubSpot, as the waits name it. */
const hubSpotIntegration = connectedWizard({
  integration: { ...testWizard().integration, provider: 'hubspot', providerDisplayName: 'HubSpot' },
});

/** The backfill spent the account's request budget: it catches up by itself, and says when it tries again. */
export const RateLimited: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([waitingObject('rate_limited')]),
      integration: hubSpotIntegration,
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveAttribute('data-state', 'backfilling');
    await expect(item).toHaveTextContent('Catching up (rate limited by HubSpot)');
    await expect(item).toHaveTextContent('Since 4 minutes ago. Next try in 2 minutes.');
  },
};

/** The provider answers errors or nothing: the read retries with backoff, and says so with its times. */
export const ProviderNotAnswering: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([waitingObject('not_answering')]),
      integration: hubSpotIntegration,
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveTextContent('HubSpot is not answering; retrying');
    await expect(item).toHaveTextContent('Since 4 minutes ago. Next try in 2 minutes.');
  },
};

/** The provider refused the connection mid-read: the read waits at its place for a reconnect. */
export const ReconnectNeeded: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([waitingObject('reconnect')]),
      integration: hubSpotIntegration,
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveTextContent('Reconnect needed');
    await expect(item).toHaveTextContent('Since 4 minutes ago.');
    await expect(item).not.toHaveTextContent('Next try');
  },
};

/** The CRM stopped accepting the saved sign-in: every read says so, none says it is up to date. */
export const ConnectionBroken: Story = {
  parameters: {
    bff: {
      status: {
        ...syncStatusFixture(
          [upToDateObject, { ...pausedObject, state: 'up_to_date' as const }].map((object) => ({
            ...object,
            state: 'failing' as const,
            problem: { code: 'connection' as const },
            canRunNow: false,
            runNowBlockedBy: 'connection' as const,
          })),
        ),
        connectionStatus: 'bad_credentials',
      },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Deals');
    await expect(item).toHaveTextContent('The connection to your account no longer works.');
    await expect(within(item).getByRole('button', { name: 'Run now: read Deals' })).toBeDisabled();
  },
};

/** SyncStatus alone on a page still gives the way out of a broken connection: Reconnect, in a popup. */
export const ConnectionBrokenReconnect: Story = {
  beforeEach: () => fakePopups({ kind: 'result', outcome: 'connected' }).restore,
  parameters: {
    bff: {
      status: (() => {
        let calls = 0;
        const broken = {
          ...syncStatusFixture([
            {
              ...backfillingObject,
              backfill: null,
              state: 'failing' as const,
              problem: { code: 'connection' as const },
              canRunNow: false,
              runNowBlockedBy: 'connection' as const,
            },
          ]),
          connectionStatus: 'bad_credentials' as const,
        };
        const recovered = {
          ...syncStatusFixture([{ ...upToDateObject, objectName: 'contacts' }]),
          connectionStatus: 'created' as const,
        };
        // Broken until the reconnect reads the status again.
        return () => (calls++ === 0 ? broken : recovered);
      })(),
      connection: { connection: { ...connection, status: 'bad_credentials' } },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveAttribute('data-state', 'failing');
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reconnect Sandbox CRM' }));
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'up_to_date'));
    await expect(canvas.getByText('Sandbox CRM is connected.')).toBeVisible();
  },
};

/** Recent runs of an object, opened: a running read, a failure with its reason, successes. */
export const RecentRuns: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...upToDateObject, objectName: 'contacts' }]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await userEvent.click(within(item).getByRole('button', { name: 'Recent runs of Contacts' }));
    const runs = await within(item).findAllByRole('listitem');
    await expect(runs).toHaveLength(4);
    await expect(runs[1]).toHaveTextContent('Why: The provider refused the read');
  },
};

export const RecentRunsLoading: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...upToDateObject, objectName: 'contacts' }]),
      runs: pending,
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await userEvent.click(within(item).getByRole('button', { name: 'Recent runs of Contacts' }));
    await expect(await within(item).findByRole('status')).toHaveTextContent('Loading…');
  },
};

export const RecentRunsEmpty: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...upToDateObject, objectName: 'contacts' }]),
      runs: { objectName: 'contacts', runs: [] },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await userEvent.click(within(item).getByRole('button', { name: 'Recent runs of Contacts' }));
    await expect(await within(item).findByText('No runs yet.')).toBeVisible();
  },
};

export const RecentRunsFailed: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...upToDateObject, objectName: 'contacts' }]),
      runs: problem(502, { title: 'Bad Gateway', requestId: 'req-runs-1' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await userEvent.click(within(item).getByRole('button', { name: 'Recent runs of Contacts' }));
    await expect(await within(item).findByRole('alert')).toHaveTextContent('req-runs-1');
    await expect(within(item).getByRole('button', { name: 'Retry' })).toBeEnabled();
  },
};

/** A refused pause shows next to its object. */
export const PauseRefused: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([{ ...upToDateObject, paused: false }]),
      pause: problem(422, { detail: 'This integration does not read that object for your account.' }),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, upToDateObject.objectName);
    await userEvent.click(
      within(item).getByRole('button', { name: `Pause reading ${upToDateObject.objectName}` }),
    );
    await expect(await within(item).findByRole('alert')).toHaveTextContent('does not read that object');
  },
};

export const Failing: Story = {
  parameters: {
    bff: { status: syncStatusFixture([failingObject]) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(item).toHaveAttribute('data-state', 'failing');
    await expect(item).toHaveTextContent('Needs attention');
    await expect(item).toHaveTextContent('Nothing is lost');
    await expect(item).toHaveTextContent('Since 20 minutes ago.');
    await expect(item).toHaveTextContent('Details: the receiver answered 503 Service Unavailable');
  },
};

export const ReadFailed: Story = {
  parameters: {
    bff: {
      status: syncStatusFixture([
        {
          ...upToDateObject,
          state: 'failing',
          lastRun: { ...upToDateObject.lastRun!, status: 'failure' },
          problem: { code: 'connection', detail: 'the provider refused the credentials' },
        },
      ]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'companies');
    await expect(item).toHaveTextContent('Reconnect it, then choose Run now.');
    await expect(item).toHaveTextContent('3 minutes ago (scheduled, failed)');
  },
};

export const LoadFailed: Story = {
  name: 'Error',
  parameters: {
    bff: { status: problem(502, { title: 'Bad Gateway', requestId: 'req-502' }) } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('could not complete the request');
    await expect(alert).toHaveTextContent('Reference: req-502');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: {
    bff: {
      status: { installationId: null, objects: [], running: false, checkedAt: '2026-11-22T12:00:00.000Z' },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Nothing is synced yet: install the integration first.'),
    ).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  parameters: {
    bff: {
      // Every state at once: the failing object gets a name of its own (an installation lists each once).
      status: syncStatusFixture([
        backfillingObject,
        upToDateObject,
        pausedObject,
        { ...failingObject, objectName: 'tickets' },
      ]),
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    await objectItem(canvasElement, 'Deals');
    await expect(canvasElement.querySelector('[data-scope="sync-status"]')).toHaveAttribute(
      'data-theme',
      'dark',
    );
  },
};

/** Under a right-to-left locale the list mirrors: the progress bar fills from the right. */
export const RightToLeft: Story = {
  globals: { locale: 'he' },
  play: async ({ canvasElement }) => {
    const item = await objectItem(canvasElement, 'Contacts');
    await expect(canvasElement.querySelector('[data-scope="sync-status"]')).toHaveAttribute('dir', 'rtl');
    await expect(within(item).getByRole('progressbar')).toBeInTheDocument();
  },
};

export const WithWrites: Story = {
  parameters: {
    bff: {
      status: { ...syncStatusFixture([upToDateObject]), writes: [writtenContacts] },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const writes = await canvas.findByRole('region', { name: 'Written to your CRM' });
    const item = within(writes).getByRole('listitem', { name: 'Contacts Written to your CRM' });
    await expect(item).toHaveTextContent('Records written today1,312');
    await expect(item).toHaveTextContent('Not written today2');
    await expect(item).not.toHaveTextContent('Deleted today');
    await expect(item).toHaveTextContent('The last write that failed: 20 minutes ago.');
    await expect(item).toHaveTextContent('"not-an-email" is not a valid email address.');
  },
};

export const WritesNoneYet: Story = {
  parameters: {
    bff: {
      status: {
        ...syncStatusFixture([upToDateObject]),
        writes: [{ ...writtenContacts, recordsWrittenToday: 0, recordsFailedToday: 0, lastFailure: null }],
      },
    } satisfies FakeBffScenario,
  },
  play: async ({ canvasElement }) => {
    const writes = await within(canvasElement).findByRole('region', { name: 'Written to your CRM' });
    await expect(writes).toHaveTextContent('Records written today0');
    await expect(within(writes).queryByText(/failed/)).toBeNull();
  },
};
