import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { spliceKeys } from '../../client/query-keys.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { TestProvider } from '../../test-utils/test-provider.js';
import { installedWizard } from '../../test-utils/test-wizard.js';
import { UninstallButton } from './uninstall-button.js';

function renderButton(scenario: Parameters<typeof createFakeBff>[0] = {}) {
  const fake = createFakeBff(scenario);
  const deletes: Headers[] = [];
  const fetch: typeof fake = (input, init) => {
    if (init?.method === 'DELETE') deletes.push(new Headers(init.headers));
    return fake(input, init);
  };
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retryDelay: 0 } } });
  queryClient.setQueryData(spliceKeys.integration('/bff', 'crm-sync'), installedWizard());
  let uninstalled = 0;
  render(
    <TestProvider fetch={fetch} queryClient={queryClient}>
      <UninstallButton
        integrationId="crm-sync"
        integrationName="CRM sync"
        onUninstalled={() => uninstalled++}
      />
    </TestProvider>,
  );
  return { user: userEvent.setup(), deletes, queryClient, uninstalled: () => uninstalled };
}

describe('UninstallButton', () => {
  it('asks first, saying what stops, then uninstalls and drops every cached answer', async () => {
    const { user, deletes, queryClient, uninstalled } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Uninstall CRM sync?' });
    expect(dialog).toHaveAccessibleDescription(/Every read stops/);
    expect(deletes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, uninstall' }));
    expect(await screen.findByRole('status')).toHaveTextContent('CRM sync is uninstalled');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.get('Idempotency-Key')).toBeTruthy();
    expect(deletes[0]?.get('Content-Type')).toBe('application/json');
    expect(queryClient.getQueryData(spliceKeys.integration('/bff', 'crm-sync'))).toBeUndefined();
    expect(uninstalled()).toBe(1);
  });

  it('opens the question on the safe choice, so Enter twice keeps the installation', async () => {
    const { user, deletes } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    expect(screen.getByRole('button', { name: 'Keep it installed' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Uninstall' })).toHaveFocus();
    // From the Uninstall button: the first Enter opens the question, the second answers it safely.
    await user.keyboard('{Enter}{Enter}');
    expect(deletes).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('gives focus back to the Uninstall button when Escape closes the question', async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Uninstall' })).toHaveFocus();
  });

  it('puts focus on the outcome once uninstalled, not on the page body', async () => {
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    await user.click(screen.getByRole('button', { name: 'Yes, uninstall' }));
    expect(await screen.findByRole('status')).toHaveFocus();
  });

  it('cancels without a request, and shows a refusal while keeping the question open', async () => {
    const { user, deletes } = renderButton({
      uninstall: problem(404, { detail: 'This integration is not installed for your account.' }),
    });
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    await user.click(screen.getByRole('button', { name: 'Keep it installed' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Uninstall' }));
    await user.click(screen.getByRole('button', { name: 'Yes, uninstall' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not installed for your account/);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
