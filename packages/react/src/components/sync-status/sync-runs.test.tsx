import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { syncStatusFixture, upToDateObject } from '../../test-utils/sync-status-fixture.js';

/** An object the integration names ("Contacts"), as it was at its last successful read. */
const contactsObject = { ...upToDateObject, objectName: 'contacts' };

import { testWrapper } from '../../test-utils/test-provider.js';
import { SyncStatus } from './sync-status.js';

/** A stand-in BFF that records the run history requests it answers. */
function recordingBff(scenario: Parameters<typeof createFakeBff>[0] = {}) {
  const fake = createFakeBff({ status: syncStatusFixture([contactsObject]), ...scenario });
  const asked: string[] = [];
  const fetch: typeof fake = (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path.endsWith('/runs')) asked.push(path);
    return fake(input, init);
  };
  return { fetch, asked };
}

function renderStatus(fetch: ReturnType<typeof createFakeBff>) {
  const Wrapper = testWrapper(fetch);
  render(
    <Wrapper>
      <SyncStatus integrationId="crm-sync" />
    </Wrapper>,
  );
}

describe('SyncStatus: Recent runs', () => {
  it('reads nothing until opened, then lists each run with when, what kind, the outcome and why it failed', async () => {
    const { fetch, asked } = recordingBff();
    renderStatus(fetch);
    const toggle = await screen.findByRole('button', { name: 'Recent runs of Contacts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toEqual([]);
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    const runs = await within(panel).findAllByRole('listitem');
    expect(asked).toEqual(['/bff/integrations/crm-sync/objects/contacts/runs']);
    expect(runs.map((run) => run.getAttribute('data-state'))).toEqual([
      'in_progress',
      'failure',
      'success',
      'success',
    ]);
    expect(runs[0]).toHaveTextContent('Running');
    expect(runs[0]).toHaveTextContent('run by hand');
    expect(runs[1]).toHaveTextContent('Failed');
    expect(runs[1]).toHaveTextContent('16 minutes ago');
    expect(runs[1]).toHaveTextContent('Why: The provider refused the read: field "score" is not visible');
    expect(runs[2]).toHaveTextContent('1 delivery');
    expect(runs[3]).toHaveTextContent('import of past records');
    expect(runs[3]).toHaveTextContent('5,000 deliveries');
  });

  it('says so when nothing has run yet', async () => {
    renderStatus(recordingBff({ runs: { objectName: 'contacts', runs: [] } }).fetch);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Recent runs of Contacts' }));
    expect(await screen.findByText('No runs yet.')).toBeVisible();
  });

  it('says why the history could not be read, and reads it again on Retry', async () => {
    const { fetch, asked } = recordingBff({
      runs: [problem(503, { title: 'Service Unavailable' }), { objectName: 'contacts', runs: [] }],
    });
    renderStatus(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Recent runs of Contacts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not complete the request');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No runs yet.')).toBeVisible();
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
