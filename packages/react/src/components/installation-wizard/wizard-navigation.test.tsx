import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { installedWizard } from '../../test-utils/test-wizard.js';
import type { InstallationWizardProps } from './installation-wizard.js';
import { InstallationWizard } from './installation-wizard.js';
import { clearWizardDrafts } from './model/draft-storage.js';

// Nothing the user chose is lost by navigating (a reload, Back, another page), and an install that meets
// another installation leads to it.

type User = ReturnType<typeof userEvent.setup>;

function renderWizard(props: Partial<InstallationWizardProps> = {}, scenario: FakeBffScenario = {}) {
  const fetch = createFakeBff(scenario);
  const user = userEvent.setup();
  const view = render(<InstallationWizard integrationId="crm-sync" {...props} />, {
    wrapper: testWrapper(fetch),
  });
  return { user, view, fetch };
}

async function toReview(user: User) {
  await screen.findByRole('heading', { name: /Objects/ });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: /Read Contacts/ });
  await user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
  for (const heading of [/Read Deals/, /Proxy/, /Review and install/]) {
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: heading });
  }
}

afterEach(() => clearWizardDrafts());

/** How a test drives the host below: its URL's step, and what the wizard tells it. */
interface HostControl {
  setStep: (step: string) => void;
  onStepChange: (stepId: string) => void;
}

/** A host keeping the wizard's step in its own state, as a router would keep it in the URL. */
function Host({ control }: { control: HostControl }) {
  const [step, setStep] = useState('objects');
  control.setStep = setStep;
  return (
    <InstallationWizard
      integrationId="crm-sync"
      step={step}
      onStepChange={(id) => {
        control.onStepChange(id);
        setStep(id);
      }}
    />
  );
}

describe('InstallationWizard and the host’s navigation', () => {
  it('an install that meets an existing installation links to its settings', async () => {
    const { user } = renderWizard(
      { existingInstallationHref: '#/installation' },
      {
        install: problem(409, {
          type: 'urn:problem-type:installation-exists',
          title: 'Installation already exists',
          detail: 'This group already has an installation of crm-sync.',
        }),
      },
    );
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    const link = await screen.findByRole('link', { name: 'Open the settings of the existing installation' });
    expect(link).toHaveAttribute('href', '#/installation');
    expect(screen.getByRole('alert')).toHaveTextContent('This group already has an installation');
  });

  it('the draft comes back after the wizard is unmounted (a reload), for the same user only', async () => {
    const first = renderWizard({ draftKey: 'alice' });
    await screen.findByRole('heading', { name: /Objects/ });
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await first.user.type(screen.getByRole('combobox', { name: /^Pipeline stage/ }), 'status');
    first.view.unmount();

    const again = renderWizard({ draftKey: 'alice' });
    await screen.findByRole('heading', { name: /Read Contacts/ });
    expect(screen.getByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
    again.view.unmount();

    renderWizard({ draftKey: 'bob' });
    expect(await screen.findByRole('heading', { name: /Objects/ })).toBeInTheDocument();
  });

  it('the step follows the host’s `step`, reports its own moves, and never touches the history', async () => {
    const pushState = vi.spyOn(window.history, 'pushState');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const changes: string[] = [];
    const host: HostControl = { setStep: () => {}, onStepChange: (id) => changes.push(id) };
    const user = userEvent.setup();
    render(<Host control={host} />, { wrapper: testWrapper(createFakeBff({})) });
    await screen.findByRole('heading', { name: /Objects/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    expect(changes).toEqual(['read:contacts']);
    // The host's Back: its URL names the first step again.
    host.setStep('objects');
    await screen.findByRole('heading', { name: /Objects/ });
    // A step not reached yet is refused, and the host is told which step is shown.
    host.setStep('review');
    await waitFor(() => expect(changes.at(-1)).toBe('objects'));
    expect(screen.getByRole('heading', { name: /Objects/ })).toBeInTheDocument();
    expect(pushState).not.toHaveBeenCalled();
    expect(replaceState).not.toHaveBeenCalled();
  });
});

/** The progress's steps as the user reaches them: buttons, and the current one. */
function progressSteps() {
  const progress = screen.getByRole('navigation', { name: 'Setup progress' });
  return {
    buttons: within(progress)
      .queryAllByRole('button')
      .map((button) => button.textContent),
    current: progress.querySelector('[aria-current="step"]')?.textContent,
    button: (name: RegExp) => within(progress).getByRole('button', { name }),
  };
}

describe('the progress as a way to the steps', () => {
  it('installing, only the steps reached are buttons', async () => {
    const { user } = renderWizard();
    await screen.findByRole('heading', { name: /Objects/ });
    expect(progressSteps()).toMatchObject({ buttons: [], current: '1 Objects' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    expect(progressSteps()).toMatchObject({ buttons: ['1 Objects'], current: '2 Read Contacts' });
  });

  it('editing, every step is a button from the start; the current one is marked, and Enter opens one', async () => {
    const { user } = renderWizard({ mode: 'edit' }, { integration: installedWizard() });
    await screen.findByRole('heading', { name: /Edit CRM sync/ });
    expect(progressSteps()).toMatchObject({
      buttons: ['2 Read Contacts', '3 Read Deals', '4 Proxy', '5 Review and save'],
      current: '1 Objects',
    });
    progressSteps()
      .button(/Review and save/)
      .focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: /Review and save/ });
    expect(progressSteps()).toMatchObject({
      buttons: ['1 Objects', '2 Read Contacts', '3 Read Deals', '4 Proxy'],
      current: '5 Review and save',
    });
  });

  it('editing, a jump away from invalid input keeps it, and the save leads back to it with its message', async () => {
    const { user } = renderWizard({ mode: 'edit' }, { integration: installedWizard() });
    await screen.findByRole('heading', { name: /Edit CRM sync/ });
    await user.click(progressSteps().button(/Read Contacts/));
    const cron = await screen.findByLabelText('Cron expression');
    await user.clear(cron);
    await user.type(cron, '61 * * * *');
    await user.click(progressSteps().button(/Review and save/));
    await screen.findByRole('heading', { name: /Review and save/ });
    await user.click(progressSteps().button(/Read Contacts/));
    expect(await screen.findByLabelText('Cron expression')).toHaveValue('61 * * * *');
    await user.click(progressSteps().button(/Review and save/));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    const field = screen.getByLabelText('Cron expression');
    expect(field).toHaveValue('61 * * * *');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Not a valid schedule/);
    expect(screen.queryByRole('heading', { name: /saved/ })).toBeNull();
  });
});
