import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('the settings page says which schedule "the integration\'s default" is', async ({ page }) => {
  // The recommended config sets no schedule of its own: contacts follow the manifest's.
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/installation');
  const contacts = page.getByRole('region', { name: 'Reads contacts' });
  await expect(contacts).toContainText('Every 15 minutes (the integration’s default, */15 * * * *)');
});
