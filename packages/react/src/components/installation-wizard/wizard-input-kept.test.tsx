import type { CreateInstallationBodyInput } from '@splice/schema';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { connectedWizard, installedWizard } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';

// What the user typed is what is saved (or refused next to its field, still as typed), and focus follows
// the user.

type User = ReturnType<typeof userEvent.setup>;

function renderWizard(props: { mode?: 'edit' } = {}, scenario: FakeBffScenario = {}) {
  const installs: CreateInstallationBodyInput[] = [];
  const fake = createFakeBff({ integration: connectedWizard(), ...scenario });
  const fetch: typeof fake = (input, init) => {
    if (init?.method === 'POST' && String(input).endsWith('/installations')) {
      installs.push(JSON.parse(String(init.body)));
    }
    return fake(input, init);
  };
  const user = userEvent.setup();
  const view = render(<InstallationWizard integrationId="crm-sync" {...props} />, {
    wrapper: testWrapper(fetch),
  });
  return { user, installs, view };
}

async function toContacts(user: User) {
  await screen.findByRole('heading', { name: /Objects/ });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: /Read Contacts/ });
  await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
}

async function customBackfill(user: User, text: string) {
  // The first time, Contacts takes a history of its own; after that its picker stays open.
  const own = screen.queryByRole('button', { name: 'Use a different history for Contacts' });
  if (own) await user.click(own);
  await user.click(screen.getByRole('radio', { name: /Recent history/ }));
  await user.click(screen.getByRole('radio', { name: 'Custom' }));
  const days = screen.getByRole('textbox', { name: 'Number of days' });
  await user.clear(days);
  if (text) await user.type(days, text);
  return days;
}

async function nextUntil(user: User, heading: RegExp) {
  for (let step = 0; step < 8; step++) {
    if (screen.queryByRole('heading', { name: heading })) return;
    await user.click(screen.getByRole('button', { name: /^(Next|Install|Save changes)$/ }));
  }
  await screen.findByRole('heading', { name: heading });
}

describe('InstallationWizard keeps what the user typed', () => {
  it('an invalid custom backfill blocks Next and keeps the typed value', async () => {
    const { user, installs } = renderWizard();
    await toContacts(user);
    for (const [typed, message] of [
      ['-5', 'Enter a whole number of 0 or more.'],
      ['100000', 'Enter at most 36,500 days.'],
    ] as const) {
      const days = await customBackfill(user, typed);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByRole('heading', { name: /Read Contacts/ })).toBeInTheDocument();
      expect(days).toHaveValue(typed);
      expect(days).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(days).toHaveFocus());
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await customBackfill(user, '45');
    await nextUntil(user, /Review and install/);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /is installed/ });
    expect(installs[0]?.config.content.read?.objects.contacts?.backfill).toEqual({
      defaultPeriod: { days: 45 },
    });
  }, 30_000);

  it('Install, reached from the progress bar past an invalid step, lands on it instead of saving', async () => {
    const { user, installs } = renderWizard();
    await toContacts(user);
    await nextUntil(user, /Review and install/);
    await user.click(screen.getByRole('button', { name: /Read Contacts/ }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await customBackfill(user, '-5');
    await user.click(screen.getByRole('button', { name: /Review and install/ }));
    await screen.findByRole('heading', { name: /Review and install/ });
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    const days = screen.getByRole('textbox', { name: 'Number of days' });
    expect(days).toHaveValue('-5');
    await waitFor(() => expect(days).toHaveFocus());
    expect(installs).toHaveLength(0);
  }, 30_000);

  it('the progress and the review name a step left holding a value to fix, in words, until it is fixed', async () => {
    const { user } = renderWizard();
    await toContacts(user);
    await nextUntil(user, /Review and install/);
    const progress = () => within(screen.getByRole('navigation', { name: 'Setup progress' }));
    expect(progress().queryByText(/to fix/)).toBeNull();
    await user.click(progress().getByRole('button', { name: /Read Contacts/ }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await customBackfill(user, '-5');
    // The step shown is not marked: its own fields say what is wrong once the user tries to go on.
    expect(progress().queryByText(/to fix/)).toBeNull();
    await user.click(progress().getByRole('button', { name: /Review and install/ }));
    await screen.findByRole('heading', { name: /Review and install/ });
    expect(progress().getByRole('button', { name: '2 Read Contacts (to fix)' })).toBeInTheDocument();
    // The review's summary, which shows the value as typed, marks the object the same way.
    const reads = () => within(screen.getByRole('region', { name: 'Reads' }));
    expect(reads().getByText(/to fix/).parentElement).toHaveTextContent(/^Contacts \(to fix\)/);
    await user.click(progress().getByRole('button', { name: /Read Contacts/ }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await customBackfill(user, '45');
    await user.click(progress().getByRole('button', { name: /Review and install/ }));
    await screen.findByRole('heading', { name: /Review and install/ });
    expect(progress().getByRole('button', { name: '2 Read Contacts' })).toBeInTheDocument();
    expect(progress().queryByText(/to fix/)).toBeNull();
    expect(reads().queryByText(/to fix/)).toBeNull();
  }, 30_000);

  it('an empty custom cron blocks the step instead of reaching the review blank', async () => {
    const { user } = renderWizard();
    await toContacts(user);
    const cron = screen.getByLabelText('Cron expression');
    await user.clear(cron);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: /Read Contacts/ })).toBeInTheDocument();
    expect(screen.getByText('Choose how often to read, or enter a cron expression.')).toBeInTheDocument();
    await waitFor(() => expect(cron).toHaveFocus());
    expect(cron).toHaveAttribute('aria-invalid', 'true');
  });

  it('a custom backfill on one object does not show on the next object', async () => {
    const { user } = renderWizard();
    await toContacts(user);
    await customBackfill(user, '0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Deals/ });
    // Deals follows the history chosen for every object; Contacts' own choice stays on Contacts.
    expect(screen.getByText('Past records: the last 30 days, as for every object.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Number of days' })).toBeNull();
    // Back on Contacts, its own choice is still there.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    expect(screen.getByRole('textbox', { name: 'Number of days' })).toHaveValue('0');
  });

  it('a filter row with a value but no field is an error next to the row, not dropped', async () => {
    const { user, installs } = renderWizard();
    await toContacts(user);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.type(screen.getByRole('textbox', { name: 'equals (1)' }), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: /Read Contacts/ })).toBeInTheDocument();
    expect(
      screen.getByText('Choose the field this value is for, or remove the condition.'),
    ).toBeInTheDocument();
    const field = screen.getByRole('combobox', { name: 'Field 1' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'equals (1)' })).toHaveValue('Acme');
    expect(installs).toHaveLength(0);
  });

  it('a value longer than the schema allows is refused with its length, and kept whole', async () => {
    const { user } = renderWizard();
    await toContacts(user);
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Field 1' }), 'email');
    const value = screen.getByRole('textbox', { name: 'equals (1)' });
    fireEvent.change(value, { target: { value: 'x'.repeat(3_000) } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Use at most 2,048 characters (this has 3,000).')).toBeInTheDocument();
    expect(value).toHaveValue('x'.repeat(3_000));
    await waitFor(() => expect(value).toHaveFocus());
  });

  it('after install, focus moves to the result, and after each step change to the step heading', async () => {
    const { user } = renderWizard();
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: /Read Contacts/ })).toHaveFocus());
    await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    await nextUntil(user, /Review and install/);
    expect(screen.getByRole('heading', { name: /Review and install/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Install' }));
    const result = await screen.findByRole('heading', { name: /is installed/ });
    await waitFor(() => expect(result).toHaveFocus());
  });

  it('edit mode: the last step is "Review and save", and the saved screen shows no second sync status', async () => {
    const { user } = renderWizard({ mode: 'edit' }, { integration: installedWizard() });
    await screen.findByRole('heading', { name: /Edit CRM sync/ });
    await nextUntil(user, /Review and save/);
    expect(screen.queryByText(/Review and install/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /Read Contacts/ }));
    const cron = await screen.findByLabelText('Cron expression');
    await user.clear(cron);
    await user.type(cron, '0 9 * * 1');
    await nextUntil(user, /Review and save/);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const saved = await screen.findByRole('heading', { name: /Your changes to CRM sync are saved/ });
    await waitFor(() => expect(saved).toHaveFocus());
    expect(document.querySelector('[data-scope="sync-status"]')).toBeNull();
  }, 30_000);
});
