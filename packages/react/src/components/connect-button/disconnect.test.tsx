import { problemTypes } from '@splice/schema';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import type { FakePopupHandle } from '../../test-utils/fake-popup.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { connection } from '../../test-utils/test-wizard.js';
import { ConnectButton } from './connect-button.js';

/** A stand-in BFF that records the disconnects it answers. */
function recordingBff(scenario: Parameters<typeof createFakeBff>[0] = {}) {
  const fake = createFakeBff(scenario);
  const disconnects: string[] = [];
  const fetch: typeof fake = (input, init) => {
    if (init?.method === 'DELETE') disconnects.push(new URL(String(input), 'http://x').pathname);
    return fake(input, init);
  };
  return { fetch, disconnects };
}

function renderButton(fetch: ReturnType<typeof createFakeBff>) {
  const Wrapper = testWrapper(fetch);
  render(
    <Wrapper>
      <ConnectButton integrationId="crm-sync" />
    </Wrapper>,
  );
}

let popups: FakePopupHandle | undefined;
afterEach(() => popups?.restore());

describe('ConnectButton: the connected account and Disconnect', () => {
  it('names the provider account the connection signs in to', async () => {
    renderButton(createFakeBff());
    expect(await screen.findByText('Account: Acme Inc.')).toBeVisible();
  });

  it('asks first, on the safe choice; Escape closes the question and gives focus back to Disconnect', async () => {
    const { fetch, disconnects } = recordingBff();
    renderButton(fetch);
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Disconnect Sandbox CRM' });
    await user.click(open);
    const question = screen.getByRole('alertdialog', { name: 'Disconnect Sandbox CRM?' });
    expect(question).toHaveAccessibleDescription(/Nothing is read from this Sandbox CRM account/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Keep it connected' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Disconnect Sandbox CRM' })).toHaveFocus());
    expect(disconnects).toEqual([]);
  });

  it('disconnects the group, then offers Connect with the focus on it', async () => {
    const { fetch, disconnects } = recordingBff();
    renderButton(fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    const connect = await screen.findByRole('button', { name: 'Connect Sandbox CRM' });
    await waitFor(() => expect(connect).toHaveFocus());
    expect(disconnects).toEqual(['/bff/integrations/crm-sync/connection']);
    expect(screen.queryByText('Account: Acme Inc.')).toBeNull();
  });

  it('disconnects an account connected on this very page, then offers Connect again', async () => {
    popups = fakePopups({ kind: 'result', outcome: 'connected' });
    let connected = false;
    const fake = createFakeBff({
      connection: () => ({ connection: connected ? connection : null }),
      connect: () => {
        connected = true;
        return { url: 'https://crm.example/authorize', attempt: 'a1' };
      },
    });
    renderButton((input, init) => {
      if (init?.method === 'DELETE') connected = false;
      return fake(input, init);
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox CRM' }));
    await user.click(await screen.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    const connect = await screen.findByRole('button', { name: 'Connect Sandbox CRM' });
    await waitFor(() => expect(connect).toHaveFocus());
    expect(screen.queryByText('Sandbox CRM is connected.')).toBeNull();
  });

  it('says to uninstall first when an installation reads through the connection, and stays connected', async () => {
    const inUse = problem(409, {
      type: problemTypes.connectionInUse.type,
      detail: 'Your installation of crm-sync (inst_1) reads through this connection.',
      requestId: 'req-42',
    });
    renderButton(createFakeBff({ disconnect: inUse }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Sandbox CRM' }));
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An installation reads through this connection. Uninstall it first');
    expect(alert).toHaveTextContent('req-42');
    expect(screen.getByRole('status')).toHaveTextContent('Sandbox CRM is connected.');
    await user.click(screen.getByRole('button', { name: 'Keep it connected' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
