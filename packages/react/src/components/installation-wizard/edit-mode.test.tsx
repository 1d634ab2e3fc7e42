import type { UpdateInstallationBodyInput } from '@splice/schema';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FakeBffScenario } from '../../test-utils/fake-bff.js';
import { createFakeBff, problem } from '../../test-utils/fake-bff.js';
import { testWrapper } from '../../test-utils/test-provider.js';
import { installedWizard } from '../../test-utils/test-wizard.js';
import { InstallationWizard } from './installation-wizard.js';
import { buildUpdate } from './model/build-update.js';
import { initialDraft } from './model/initial-draft.js';

/**
 * `holdReads`: every read of the settings after the first waits until `releaseReads` is called, as a
 * slow network would make it.
 */
function renderEdit(scenario: FakeBffScenario = {}, { holdReads = false } = {}) {
  const updates: Array<{ body: UpdateInstallationBodyInput; ifMatch: string | null }> = [];
  const fake = createFakeBff({ integration: installedWizard(), ...scenario });
  let reads = 0;
  let releaseReads = () => {};
  const readsReleased = new Promise<void>((resolve) => {
    releaseReads = resolve;
  });
  const fetch: typeof fake = async (input, init) => {
    if (init?.method === 'PATCH') {
      updates.push({
        body: JSON.parse(String(init.body)),
        ifMatch: new Headers(init.headers).get('If-Match'),
      });
    } else if (holdReads && (init?.method ?? 'GET') === 'GET' && reads++ > 0) await readsReleased;
    return fake(input, init);
  };
  const user = userEvent.setup();
  render(<InstallationWizard integrationId="crm-sync" mode="edit" />, { wrapper: testWrapper(fetch) });
  return { user, updates, releaseReads };
}

async function toContacts(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: /Edit CRM sync/ });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: /Read Contacts/ });
}

async function toReview(user: ReturnType<typeof userEvent.setup>) {
  for (let step = 0; step < 10; step++) {
    if (screen.queryByRole('button', { name: 'Save changes' })) return;
    await user.click(screen.getByRole('button', { name: 'Next' }));
  }
  throw new Error('the review step was not reached');
}

async function changeSchedule(user: ReturnType<typeof userEvent.setup>) {
  const cron = screen.getByLabelText('Cron expression');
  expect(cron).toHaveValue('*/15 * * * *');
  await user.clear(cron);
  await user.type(cron, '0 9 * * 1');
}

describe('buildUpdate', () => {
  it('is null when nothing changed, and names only the changed object', () => {
    const details = installedWizard();
    const baseline = initialDraft(details);
    expect(buildUpdate(details, baseline, initialDraft(details))).toBeNull();
    const draft = initialDraft(details);
    const contacts = draft.read.contacts!;
    draft.read.contacts = { ...contacts, mappings: { ...contacts.mappings, stage: 'lifecycleStage' } };
    const update = buildUpdate(details, baseline, draft);
    expect(update?.body.updateMask).toEqual(['config.content.read.objects.contacts']);
    expect(update?.changes).toMatchObject([
      { kind: 'read', objectName: 'contacts', change: 'changed', parts: ['mappings'] },
    ]);
  });

  it('names the changed parts of each object in the order of its step, and each write object', () => {
    const details = installedWizard();
    const baseline = initialDraft(details);
    const draft = initialDraft(details);
    const contacts = draft.read.contacts!;
    draft.read.contacts = {
      ...contacts,
      paused: true,
      schedule: '0 9 * * *',
      backfill: { defaultPeriod: { fullHistory: true } },
      allFields: false,
      fields: { email: true },
    };
    draft.write.contacts = { ...draft.write.contacts!, selected: true, deletionEnabled: true };
    const update = buildUpdate(details, baseline, draft);
    expect(update?.changes).toMatchObject([
      {
        kind: 'read',
        objectName: 'contacts',
        change: 'changed',
        parts: ['fields', 'schedule', 'backfill', 'paused'],
        before: { schedule: '*/15 * * * *' },
        after: { schedule: '0 9 * * *', disabled: true },
      },
      { kind: 'write', objectName: 'contacts', change: 'added' },
    ]);
    expect(update?.body.updateMask).toEqual([
      'config.content.read.objects.contacts',
      'config.content.write.objects',
    ]);
  });
});

describe('InstallationWizard in edit mode', () => {
  it('opens prefilled, shows what will change, and sends only the changed object with If-Match', async () => {
    const { user, updates } = renderEdit();
    await toContacts(user);
    expect(screen.getByRole('combobox', { name: /^Pipeline stage/ })).toHaveValue('status');
    await changeSchedule(user);
    await toReview(user);
    const changes = screen.getByRole('region', { name: 'What will change' });
    expect(within(changes).getByRole('listitem')).toHaveTextContent(
      'Reading Contacts: schedule (Every 15 minutes → At 09:00 UTC on Monday)',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: /Your changes to CRM sync are saved/ });
    expect(updates).toHaveLength(1);
    expect(updates[0]?.ifMatch).toBe('"2026-11-21T10:00:00.000Z"');
    expect(updates[0]?.body.updateMask).toEqual(['config.content.read.objects.contacts']);
    expect(updates[0]?.body.installation.config?.content?.read?.objects.contacts).toMatchObject({
      schedule: '0 9 * * 1',
      selectedFieldMappings: { stage: 'status' },
    });
  }, 20_000);

  it('names each changed part, the short ones with their value before and after, and each write object', async () => {
    const { user } = renderEdit();
    await screen.findByRole('heading', { name: /Edit CRM sync/ });
    await user.click(within(screen.getByRole('group', { name: /Records to write/ })).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: /Read Contacts/ });
    await changeSchedule(user);
    await user.click(screen.getByRole('button', { name: 'Use a different history for Contacts' }));
    await user.click(screen.getByRole('radio', { name: /Full history/ }));
    await user.click(screen.getByRole('checkbox', { name: /Pause reading Contacts/ }));
    await toReview(user);
    const changes = screen.getByRole('region', { name: 'What will change' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Reading Contacts: schedule (Every 15 minutes → At 09:00 UTC on Monday), backfill (the last 30 days → the full history), pause (off → on)',
      'Writing Contacts: starts',
    ]);
  }, 20_000);

  it('says when nothing changed and sends nothing', async () => {
    const { user, updates } = renderEdit();
    await screen.findByRole('heading', { name: /Edit CRM sync/ });
    await toReview(user);
    expect(screen.getByText(/Nothing is changed yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(updates).toHaveLength(0);
  });

  it('shows a stale edit’s conflict and reloads the current settings, keeping what the user typed', async () => {
    const { user, updates } = renderEdit({
      update: [
        problem(412, {
          type: 'urn:problem-type:installation-changed',
          title: 'Changed meanwhile',
          detail: 'Someone else changed these settings.',
        }),
      ],
    });
    await toContacts(user);
    await changeSchedule(user);
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(/Someone else changed these settings after you opened them/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load current settings' }));
    await waitFor(() =>
      expect(screen.queryByText(/Someone else changed these settings after you opened them/)).toBeNull(),
    );
    // What the user changed is still there and still listed as a change.
    expect(screen.getByText(/^Reading Contacts: schedule \(/)).toBeInTheDocument();
    expect(updates).toHaveLength(1);
  });

  it('keeps the conflict and refuses to save until the current settings have loaded', async () => {
    // Someone else saved at 10:30: the first save conflicts, the reload brings that version.
    const opened = installedWizard();
    const installation = opened.installation!;
    const current = { ...opened, installation: { ...installation, updateTime: '2026-11-21T10:30:00.000Z' } };
    const { user, updates, releaseReads } = renderEdit(
      {
        integration: [opened, current],
        update: (_body, call) =>
          call === 0
            ? problem(412, {
                type: 'urn:problem-type:installation-changed',
                title: 'Changed meanwhile',
                detail: 'Someone else changed these settings.',
              })
            : { ...installation, updateTime: '2026-11-21T11:00:00.000Z' },
      },
      { holdReads: true },
    );
    await toContacts(user);
    await changeSchedule(user);
    await toReview(user);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(/Someone else changed these settings after you opened them/);
    await user.click(screen.getByRole('button', { name: 'Load current settings' }));
    const loading = screen.getByRole('button', { name: 'Loading current settings…' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    // A save now would start from the version that just conflicted: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(updates).toHaveLength(1);
    expect(screen.getByText(/Someone else changed these settings after you opened them/)).toBeInTheDocument();
    releaseReads();
    await waitFor(() =>
      expect(screen.queryByText(/Someone else changed these settings after you opened them/)).toBeNull(),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { name: /Your changes to CRM sync are saved/ });
    expect(updates.map((update) => update.ifMatch)).toEqual([
      '"2026-11-21T10:00:00.000Z"',
      '"2026-11-21T10:30:00.000Z"',
    ]);
  }, 20_000);
});
