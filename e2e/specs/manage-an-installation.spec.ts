import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';

test.use({ baseURL: servers.manages.url });
// One group's installation goes through every change in turn: the steps depend on each other.
test.describe.configure({ mode: 'serial' });

/**
 * Opens the sync settings' editor, changes the contacts schedule to `cron` (`described` in words) and goes
 * straight to the review from the progress: every step of an installation can be opened at once.
 */
async function editSchedule(page: Page, cron: string, described: string): Promise<Locator> {
  await openPage(page, '/installation');
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard.getByRole('heading', { name: 'Edit HubSpot sync' })).toBeVisible();
  const progress = wizard.getByRole('navigation', { name: 'Setup progress' });
  await progress.getByRole('button', { name: /Read Contacts/ }).click();
  await expect(currentStep(wizard)).toHaveAccessibleName(/: Read Contacts$/);
  const field = currentStep(wizard).getByLabel('Cron expression');
  await field.fill(cron);
  await progress.getByRole('button', { name: /Review and save/ }).click();
  await expect(currentStep(wizard)).toHaveAccessibleName(/: Review and save$/);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/Review and save/);
  await expect(wizard.getByRole('region', { name: 'What will change' })).toContainText(
    new RegExp(`Reading Contacts: schedule \\(.+ → ${described}\\)`),
  );
  return wizard;
}

test('edit the schedule and see it saved', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, users.alice);
  await seedInstallation(page, users.alice);
  const wizard = await editSchedule(page, '0 9 * * 1', 'At 09:00 UTC on Monday');
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/integrations/hubspot-sync/installation') && r.request().method() === 'PATCH',
  );
  await wizard.getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(wizard.getByRole('heading', { name: /Your changes to HubSpot sync are saved/ })).toBeVisible();
  // The saved settings come back from the BFF: the next editor opens on them.
  const details = await page.request.get('/api/integrations/hubspot-sync');
  const body = (await details.json()) as {
    installation: { config: { content: { read: { objects: { contacts: { schedule: string } } } } } };
  };
  expect(body.installation.config.content.read.objects.contacts.schedule).toBe('0 9 * * 1');
});

test('pause then resume contacts', async ({ page }) => {
  await signInAs(page, users.alice);
  await openPage(page, '/installation');
  const contacts = page
    .locator('[data-scope="sync-status"]')
    .getByRole('listitem', { name: 'Contacts', exact: true });
  await contacts.getByRole('button', { name: 'Pause reading Contacts' }).click();
  await expect(contacts.getByRole('button', { name: 'Resume reading Contacts' })).toBeVisible();
  await expect(contacts).toContainText('Not scheduled');
  await contacts.getByRole('button', { name: 'Resume reading Contacts' }).click();
  await expect(contacts.getByRole('button', { name: 'Pause reading Contacts' })).toBeVisible();
});

test('the editor survives a reload with what was typed, and closing it discards the draft', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAs(page, users.alice);
  await openPage(page, '/installation');
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const wizard = page.locator('[data-scope="installation-wizard"]');
  // The Edit button gave way to the editor: focus starts on its first step, not after the editor.
  await expect(currentStep(wizard).getByRole('heading', { level: 3 }).first()).toBeFocused();
  await nextTo(wizard, 'Read Contacts');
  await currentStep(wizard).getByLabel('Cron expression').fill('0 7 * * 2');
  await page.reload();
  await expect(currentStep(wizard)).toHaveAccessibleName(/Read Contacts$/);
  await expect(currentStep(wizard).getByLabel('Cron expression')).toHaveValue('0 7 * * 2');
  // Back from the editor's first step closes it; the settings page is as saved.
  await page.goBack();
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  await page.getByRole('button', { name: 'Close the editor' }).click();
  await expect(wizard).toBeHidden();
  await page.getByRole('button', { name: 'Edit settings' }).click();
  await nextTo(wizard, 'Read Contacts');
  await expect(currentStep(wizard).getByLabel('Cron expression')).not.toHaveValue('0 7 * * 2');
});

test('two tabs edit at once: the second save shows the conflict and loads the current settings', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, users.alice);
  const other = await context.newPage();
  const first = await editSchedule(page, '0 10 * * 1', 'At 10:00 UTC on Monday');
  const second = await editSchedule(other, '0 11 * * 1', 'At 11:00 UTC on Monday');
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(first.getByRole('heading', { name: /Your changes to HubSpot sync are saved/ })).toBeVisible();
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByRole('alert')).toContainText('Someone else changed these settings');
  await second.getByRole('button', { name: 'Load current settings' }).click();
  await expect(second.getByText(/Someone else changed these settings/)).toBeHidden();
  // What this tab typed is still the change it would save, now against the other tab's settings.
  await expect(second.getByRole('region', { name: 'What will change' })).toContainText(
    'Reading Contacts: schedule (At 10:00 UTC on Monday → At 11:00 UTC on Monday)',
  );
  await second.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByRole('heading', { name: /Your changes to HubSpot sync are saved/ })).toBeVisible();
});

test('uninstall, then connect and install again', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, users.alice);
  // Installed by the first test already (a 409 then); seeded here too, so this test also runs alone.
  await seedInstallation(page, users.alice);
  // The settings as they stand before the uninstall.
  const before = await (await page.request.get('/api/integrations/hubspot-sync')).json();
  const contactsBefore = before.installation.config.content.read.objects.contacts;
  await openPage(page, '/installation');
  const uninstall = page.getByRole('button', { name: 'Uninstall' });
  // A button as wide as its label, like Edit settings, not a bar across the card (as the walk found it).
  const width = (await uninstall.boundingBox())?.width ?? 0;
  const editWidth = (await page.getByRole('button', { name: 'Edit settings' }).boundingBox())?.width ?? 0;
  expect(width).toBeLessThan(2 * editWidth);
  await uninstall.click();
  const dialog = page.getByRole('alertdialog', { name: 'Uninstall HubSpot sync?' });
  await expect(dialog).toContainText('Every read stops');
  // The question opens on the safe choice, and Escape gives the focus back to the button that opened it.
  await expect(dialog.getByRole('button', { name: 'Keep it installed' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(uninstall).toBeFocused();
  await uninstall.click();
  await dialog.getByRole('button', { name: 'Yes, uninstall' }).click();
  // The page asks again at once: the settings give way to the empty state, and say that the uninstall
  // worked (the walk at 1280 and 390 px found the empty state alone, with no word of it).
  await expect(
    page.getByRole('status').filter({ hasText: 'HubSpot sync is uninstalled for Acme Corp' }),
  ).toBeFocused();
  // Beneath it, the empty state speaks of that moment: the company had the sync, so not "not installed
  // yet" (as the walk found it), and the unused connection went with it.
  await expect(page.getByText('Acme Corp can install HubSpot sync again at any time.')).toBeVisible();
  await expect(page.getByText(/The CRM connection went with it/)).toBeVisible();
  await expect(page.getByText(/has not installed|not connected a CRM account yet/)).toHaveCount(0);

  // A fresh install: the wizard connects first (the unused connection went with the installation).
  await openPage(page, '/install');
  const wizard = page.locator('[data-scope="installation-wizard"]');
  const popupOpened = page.waitForEvent('popup');
  await wizard.getByRole('button', { name: 'Connect HubSpot' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  // The Connect button went with the connect step: focus moves on to the first step with it.
  await expect(currentStep(wizard).getByRole('heading', { level: 3 }).first()).toBeFocused();
  // The wizard starts from the settings the company had, and says so.
  await expect(wizard.getByText('Your previous settings are filled in.')).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Start from the defaults' })).toBeVisible();
  await nextTo(wizard, 'Read Contacts');
  // The seeded mapping takes HubSpot's `hs_lead_status` property, shown by its label.
  expect(contactsBefore.selectedFieldMappings.stage).toBe('hs_lead_status');
  await expect(currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' })).toHaveValue(
    'Lead Status',
  );
  // Companies and deals were not read before the uninstall, so the kept objects skip their steps; contacts
  // were written (the recommended settings' default title), so their write step comes back.
  await nextTo(wizard, 'Write Contacts');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  const after = await (await page.request.get('/api/integrations/hubspot-sync')).json();
  expect(after.installation.config.content.read.objects.contacts).toMatchObject({
    selectedFieldMappings: contactsBefore.selectedFieldMappings,
    selectedValueMappings: contactsBefore.selectedValueMappings,
  });
});
