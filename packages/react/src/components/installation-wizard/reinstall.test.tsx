import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBff } from '../../test-utils/fake-bff.js';
import { jsonResponse, testWrapper } from '../../test-utils/test-provider.js';
import { reinstallWizard } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';
import { initialDraft } from './model/initial-draft.js';
import { initialWizardState, wizardReducer } from './model/wizard-reducer.js';

/** The wizard of a group that uninstalled, with a record of what an install posts. */
function renderReinstall() {
  // biome-ignore lint/suspicious/noExplicitAny: the posted JSON is checked by assertions
  const posts: any[] = [];
  const others = createFakeBff({ integration: reinstallWizard() });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && String(input).includes('/installations')) {
      const body = JSON.parse(String(init.body));
      posts.push(body);
      return jsonResponse({ id: 'inst-2', createTime: '2026-11-26T10:00:00.000Z', ...body }, 201);
    }
    return others(input, init);
  });
  const user = userEvent.setup();
  render(<InstallationWizard integrationId="crm-sync" />, { wrapper: testWrapper(fetch) });
  return { user, posts };
}

describe('InstallationWizard after an uninstall', () => {
  it('says the previous settings are filled in and installs them unless changed', async () => {
    const { user, posts } = renderReinstall();
    expect(await screen.findByText('Your previous settings are filled in.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    // The mapping the group had, not the empty default.
    expect(screen.getByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
    for (let step = 0; step < 6 && !screen.queryByRole('button', { name: 'Install' }); step++) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await user.click(screen.getByRole('button', { name: 'Install' }));
    await screen.findByRole('heading', { name: /CRM sync is installed/ });
    expect(posts).toHaveLength(1);
    expect(posts[0].config.content.read.objects.contacts).toMatchObject({
      schedule: '*/15 * * * *',
      selectedFieldMappings: { stage: 'status' },
      selectedValueMappings: { stage: { new: 'lead', won: 'customer' } },
    });
    expect(posts[0].config.content.read.objects.deals).toMatchObject({ selectedFieldsAuto: 'all' });
  }, 20_000);

  it('starts from the defaults on request: the note goes and the first step takes the focus', async () => {
    const { user } = renderReinstall();
    await user.click(await screen.findByRole('button', { name: 'Start from the defaults' }));
    expect(screen.queryByText('Your previous settings are filled in.')).toBeNull();
    expect(screen.getByRole('heading', { name: /Objects/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    expect(screen.getByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('');
  });
});

describe('the draft of a reinstall', () => {
  it('starts from the previous settings, or from the defaults when asked', () => {
    const wizard = reinstallWizard();
    expect(initialDraft(wizard).read.contacts?.mappings.stage).toBe('status');
    expect(initialDraft(wizard, {}, 'defaults').read.contacts?.mappings.stage).toBe('');
    const loaded = wizardReducer(initialWizardState(), { type: 'loaded', details: wizard });
    expect(loaded.fromPrevious).toBe(true);
    const reset = wizardReducer(loaded, { type: 'start-from-defaults' });
    expect(reset.fromPrevious).toBe(false);
    expect(reset.draft?.read.contacts?.mappings.stage).toBe('');
  });
});
