import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import type { FakePopupHandle } from '../../test-utils/fake-popup.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import { syncStatusFixture, upToDateObject } from '../../test-utils/sync-status-fixture.js';

/** An object the integration names ("Contacts"), as it was at its last successful read. */
const contactsObject = { ...upToDateObject, objectName: 'contacts' };

import { testWrapper } from '../../test-utils/test-provider.js';
import { connection } from '../../test-utils/test-wizard.js';
import { SyncStatus } from './sync-status.js';

let popups: FakePopupHandle | undefined;
afterEach(() => popups?.restore());

const brokenObject = {
  ...contactsObject,
  state: 'failing' as const,
  problem: { code: 'connection' as const },
  canRunNow: false,
  runNowBlockedBy: 'connection' as const,
};
const broken = { ...syncStatusFixture([brokenObject]), connectionStatus: 'bad_credentials' as const };
const working = { ...syncStatusFixture([contactsObject]), connectionStatus: 'created' as const };

describe('SyncStatus with a broken connection', () => {
  it('offers Reconnect itself; once reconnected the objects recover and the outcome has the focus', async () => {
    popups = fakePopups({ kind: 'result', outcome: 'connected' });
    let reconnected = false;
    const Wrapper = testWrapper(
      createFakeBff({
        status: () => (reconnected ? working : broken),
        connection: () => ({
          connection: { ...connection, status: reconnected ? 'created' : 'bad_credentials' },
        }),
        connect: () => {
          reconnected = true;
          return { url: 'https://crm.example/authorize' };
        },
      }),
    );
    render(
      <Wrapper>
        <SyncStatus integrationId="crm-sync" />
      </Wrapper>,
    );
    const contacts = await screen.findByRole('listitem', { name: 'Contacts' });
    expect(contacts).toHaveAttribute('data-state', 'failing');
    expect(contacts).toHaveTextContent('Reconnect it, then choose Run now');
    const reconnect = await screen.findByRole('button', { name: 'Reconnect Sandbox CRM' });
    await userEvent.setup().click(reconnect);
    expect(popups.opened).toBe(1);
    await waitFor(() => expect(contacts).toHaveAttribute('data-state', 'up_to_date'));
    const outcome = screen.getByText('Sandbox CRM is connected.');
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(within(contacts).getByRole('button', { name: 'Run now: read Contacts' })).toBeEnabled();
  });

  it('offers no Reconnect while the connection works', async () => {
    const Wrapper = testWrapper(createFakeBff({ status: working }));
    render(
      <Wrapper>
        <SyncStatus integrationId="crm-sync" />
      </Wrapper>,
    );
    await screen.findByRole('listitem', { name: 'Contacts' });
    expect(screen.queryByRole('button', { name: /Reconnect/ })).toBeNull();
  });
});
