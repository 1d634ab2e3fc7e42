import type { IntegrationDetails } from '@splice/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import type { FakePopupHandle } from '../../test-utils/fake-popup.js';
import { fakePopups } from '../../test-utils/fake-popup.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { connectedWizard, connection, installedWizard, testWizard } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';

let popups: FakePopupHandle | undefined;
afterEach(() => popups?.restore());

describe('InstallationWizard focus', () => {
  it('puts focus on the new default value after "Add default", not on the page', async () => {
    const user = userEvent.setup();
    render(<InstallationWizard integrationId="crm-sync" />, {
      wrapper: testWrapper(createFakeBff({ integration: connectedWizard() })),
    });
    await screen.findByRole('heading', { name: /Objects/ });
    // Contacts are written, not read: the read step's required mappings are not what this is about.
    await user.click(
      within(screen.getByRole('group', { name: /Records to read/ })).getByRole('checkbox', {
        name: 'Contacts',
      }),
    );
    await user.click(within(screen.getByRole('group', { name: /Records to write/ })).getByRole('checkbox'));
    for (const step of [/Read Deals/, /Write Contacts/]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByRole('heading', { name: step });
    }
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field to set a default for' }), 'score');
    await user.click(screen.getByRole('button', { name: 'Add default' }));
    expect(screen.getByLabelText('Default for score')).toHaveFocus();
  });

  it('moves focus to the first step once the connect popup closes connected', async () => {
    const user = userEvent.setup();
    popups = fakePopups({ kind: 'result', outcome: 'connected' });
    // Not connected until the popup reports back; connected at every later look.
    let connected = false;
    const unconnected = testWizard({ connection: null });
    const fake = createFakeBff({
      integration: () => (connected ? connectedWizard() : unconnected),
      connection: () => ({ connection: connected ? connection : null }),
      connect: () => {
        connected = true;
        return { url: 'https://crm.example/authorize', attempt: 'a1' };
      },
    });
    render(<InstallationWizard integrationId="crm-sync" />, { wrapper: testWrapper(fake) });
    await user.click(await screen.findByRole('button', { name: 'Connect Sandbox CRM' }));
    const heading = await screen.findByRole('heading', { name: /Objects/ });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the focus where the page put it when it has just loaded', async () => {
    render(<InstallationWizard integrationId="crm-sync" />, {
      wrapper: testWrapper(createFakeBff({ integration: connectedWizard() })),
    });
    await screen.findByRole('heading', { name: /Objects/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);
  });

  it('with autoFocus, starts on the first step, not on the control after the wizard', async () => {
    render(<InstallationWizard integrationId="crm-sync" mode="edit" autoFocus />, {
      wrapper: testWrapper(createFakeBff({ integration: installedWizard() as IntegrationDetails })),
    });
    const heading = await screen.findByRole('heading', { name: /Objects/ });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
