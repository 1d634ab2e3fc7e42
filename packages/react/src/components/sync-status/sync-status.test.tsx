import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SpliceProvider } from '../../provider/splice-provider.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import {
  backfillingObject,
  fixtureNow,
  syncStatusFixture,
  upToDateObject,
} from '../../test-utils/sync-status-fixture.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { SyncStatus } from './sync-status.js';

/** A stand-in BFF that counts the status requests it answers. */
function countingBff(scenario: Parameters<typeof createFakeBff>[0]) {
  const fake = createFakeBff(scenario);
  const counts = { status: 0, runNow: [] as string[] };
  const fetch: typeof fake = (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.endsWith('/status')) counts.status++;
    if (path.endsWith('/read')) counts.runNow.push(path);
    return fake(input, init);
  };
  return { fetch, counts };
}

function renderStatus(fetch: ReturnType<typeof createFakeBff>) {
  const Wrapper = testWrapper(fetch);
  render(
    <Wrapper>
      <SyncStatus integrationId="crm-sync" pollIntervalMs={40} />
    </Wrapper>,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SyncStatus', () => {
  it('polls while a backfill runs and stops once nothing runs', async () => {
    const done = { ...backfillingObject, state: 'up_to_date' as const, canRunNow: true };
    const { fetch, counts } = countingBff({
      status: [
        syncStatusFixture([backfillingObject]),
        syncStatusFixture([backfillingObject]),
        syncStatusFixture([{ ...done, backfill: { ...backfillingObject.backfill!, done: true } }]),
      ],
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'Contacts' });
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'up_to_date'), { timeout: 3000 });
    const settled = counts.status;
    expect(settled).toBe(3);
    await sleep(200);
    // Five intervals later: not one more request.
    expect(counts.status).toBe(settled);
  });

  it('on a page of its own, names each object by its display name, not its API name', async () => {
    const { fetch } = countingBff({ status: syncStatusFixture([upToDateObject, backfillingObject]) });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'Contacts' });
    expect(item).not.toHaveTextContent(/\bcontacts\b/);
  });

  it('does not poll at all when nothing runs', async () => {
    const { fetch, counts } = countingBff({ status: syncStatusFixture([upToDateObject]) });
    renderStatus(fetch);
    await screen.findByRole('listitem', { name: 'companies' });
    await sleep(200);
    expect(counts.status).toBe(1);
  });

  it('asks again once the next scheduled read is due, and not before', async () => {
    const dueSoon = { ...upToDateObject, nextRunTime: new Date(Date.now() + 300).toISOString() };
    const read = { ...upToDateObject, lastRun: { ...upToDateObject.lastRun!, operationId: 'op-c-10' } };
    const { fetch, counts } = countingBff({
      status: [syncStatusFixture([dueSoon]), syncStatusFixture([read])],
    });
    renderStatus(fetch);
    await screen.findByRole('listitem', { name: 'companies' });
    await sleep(150);
    expect(counts.status).toBe(1);
    // The read is due at +300 ms; the hook asks a few seconds after (its slack), once.
    await waitFor(() => expect(counts.status).toBe(2), { timeout: 5000 });
    await sleep(200);
    expect(counts.status).toBe(2);
  });

  it('starts a read of the object whose Run now is pressed, then polls until it shows', async () => {
    const reading = { ...upToDateObject, state: 'reading' as const, canRunNow: false };
    const { fetch, counts } = countingBff({
      status: [
        syncStatusFixture([upToDateObject, { ...upToDateObject, objectName: 'deals' }]),
        syncStatusFixture([reading, { ...upToDateObject, objectName: 'deals' }]),
        syncStatusFixture([upToDateObject, { ...upToDateObject, objectName: 'deals' }]),
      ],
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'companies' });
    await userEvent.click(within(item).getByRole('button', { name: 'Run now: read companies' }));
    expect(counts.runNow).toEqual(['/bff/integrations/crm-sync/objects/companies/read']);
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'reading'));
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'up_to_date'));
    expect(within(item).getByRole('button', { name: 'Run now: read companies' })).toBeEnabled();
  });

  it('says a read has started until the status shows that read finished, then only its outcome', async () => {
    const runNowRead = { operationId: 'op-run-1', readType: 'triggered' as const, time: fixtureNow };
    const { fetch } = countingBff({
      status: [
        syncStatusFixture([upToDateObject]),
        syncStatusFixture([
          {
            ...upToDateObject,
            state: 'reading',
            canRunNow: false,
            lastRun: { ...runNowRead, status: 'in_progress' },
          },
        ]),
        syncStatusFixture([{ ...upToDateObject, lastRun: { ...runNowRead, status: 'success' } }]),
      ],
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'companies' });
    await userEvent.click(within(item).getByRole('button', { name: 'Run now: read companies' }));
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'reading'));
    expect(item).toHaveTextContent('A read of companies has started.');
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'up_to_date'));
    expect(item).not.toHaveTextContent('has started');
  });

  it('keeps the last answer on screen when a refresh fails, and says so', async () => {
    const { fetch } = countingBff({
      status: [syncStatusFixture([backfillingObject]), problem(503, { title: 'Unavailable' })],
    });
    renderStatus(fetch);
    const item = await screen.findByRole('listitem', { name: 'Contacts' });
    expect(await screen.findByRole('alert')).toHaveTextContent('could not complete the request');
    expect(item).toHaveTextContent('1,250 of about 5,000 records');
  });

  it('uses the host’s messages, locale included', async () => {
    const { fetch } = countingBff({ status: syncStatusFixture([upToDateObject]) });
    render(
      <SpliceProvider
        baseUrl="/bff"
        fetch={fetch}
        queryClient={new QueryClient()}
        messages={{ syncLocale: 'de', syncNextRun: 'Nächster Abgleich', syncStateUpToDate: 'Aktuell' }}
      >
        <SyncStatus integrationId="crm-sync" />
      </SpliceProvider>,
    );
    const item = await screen.findByRole('listitem', { name: 'companies' });
    expect(item).toHaveTextContent('Aktuell');
    expect(item).toHaveTextContent('Nächster Abgleich');
    expect(item).toHaveTextContent('in 12 Minuten');
    expect(item).toHaveTextContent('1.204');
  });
});

describe('SyncStatus pause and resume', () => {
  it('pauses an object, then offers Resume once the status says paused', async () => {
    const pauses: string[] = [];
    const active = { ...upToDateObject, paused: false };
    const fetch = createFakeBff({
      status: [
        syncStatusFixture([active]),
        syncStatusFixture([{ ...active, state: 'paused', paused: true }]),
      ],
      pause: (request) => {
        pauses.push(request);
        return null;
      },
    });
    renderStatus(fetch);
    const user = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'companies' });
    await user.click(within(item).getByRole('button', { name: 'Pause reading companies' }));
    expect(await within(item).findByRole('button', { name: 'Resume reading companies' })).toBeEnabled();
    expect(pauses).toEqual(['pause:companies']);
    // The help points at the Resume button beside it, not at settings somewhere else.
    expect(item).toHaveTextContent('Choose Resume to continue.');
    expect(item).not.toHaveTextContent(/in the settings/);
  });

  it('without its own Resume button, a paused object points to the settings', async () => {
    const fetch = createFakeBff({
      status: syncStatusFixture([{ ...upToDateObject, state: 'paused', paused: true }]),
    });
    const Wrapper = testWrapper(fetch);
    render(
      <Wrapper>
        <SyncStatus integrationId="crm-sync" allowPause={false} />
      </Wrapper>,
    );
    const item = await screen.findByRole('listitem', { name: 'companies' });
    expect(item).toHaveTextContent('Resume them in the settings to continue.');
    expect(within(item).queryByRole('button', { name: /^Resume/ })).toBeNull();
  });

  it('shows a refused pause next to the object', async () => {
    const fetch = createFakeBff({
      status: syncStatusFixture([{ ...upToDateObject, paused: false }]),
      pause: problem(422, { detail: 'This integration does not read that object for your account.' }),
    });
    renderStatus(fetch);
    const user = userEvent.setup();
    const item = await screen.findByRole('listitem', { name: 'companies' });
    await user.click(within(item).getByRole('button', { name: 'Pause reading companies' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent(/does not read that object/);
  });
});
