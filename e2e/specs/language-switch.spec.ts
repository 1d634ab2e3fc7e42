import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('the header’s language select puts the Splice components in German, and a reload keeps it', async ({
  page,
}) => {
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/install');
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard.getByRole('heading', { name: /is installed/ })).toBeVisible();

  const language = page.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('en');
  await language.selectOption({ label: 'Deutsch' });

  // The wizard in German, its date written the German way ("26. Nov. 2026"), not the browser's English.
  await expect(wizard.getByRole('heading', { name: /ist installiert/ })).toBeVisible();
  await expect(wizard).toContainText(/Installiert am \d{1,2}\. [A-Z][a-zä]{2,3}\.? \d{4}/);
  await expect(wizard).not.toContainText('Installed on');
  // German reads left to right: the provider gives its components the locale's direction.
  await expect(wizard).toHaveAttribute('dir', 'ltr');

  await openPage(page, '/installation');
  const status = page.locator('[data-scope="sync-status"]');
  await expect(status.getByRole('heading', { name: 'Synchronisierungsstatus' })).toBeVisible();
  await expect(status).not.toContainText('Sync status');

  // Remembered across a reload: the select and the components still German.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('de');
  await expect(
    page.locator('[data-scope="sync-status"]').getByRole('heading', { name: 'Synchronisierungsstatus' }),
  ).toBeVisible();

  // And back: English again.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English' });
  await expect(
    page.locator('[data-scope="sync-status"]').getByRole('heading', { name: 'Sync status' }),
  ).toBeVisible();
});
