import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import type { InstallationWizardProps } from './installation-wizard.js';
import { InstallationWizard } from './installation-wizard.js';
import { clearWizardDrafts } from './model/draft-storage.js';

// Issue #15: nothing is lost by navigating, and an install that meets another one leads to it.

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

describe('InstallationWizard and the host’s navigation (issue #15)', () => {
  it('finding 16: an install that meets an existing installation links to its settings', async () => {
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

  it('finding 5: the draft comes back after the wizard is unmounted (a reload), for the same user only', async () => {
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

  it('finding 5: the step follows the host’s `step`, reports its own moves, and never touches the history', async () => {
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
