import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.neverInstalls.url });

test('alice@acme, connected but not installed, is offered to set up the sync, not to connect again', async ({
  page,
}) => {
  await signInAs(page, users.alice);
  await openPage(page, '/installation');
  await expect(page.getByText('Your CRM account is connected and ready.')).toBeVisible();
  const setUp = page.getByRole('link', { name: 'Set up HubSpot sync' });
  await expect(setUp).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect your CRM' })).toHaveCount(0);
  await setUp.click();
  // It leads to the install wizard.
  await expect(page.locator('[data-scope="installation-wizard"]')).toBeVisible();
});

test('carol@initech, with no CRM connected, is offered to connect one first', async ({ page }) => {
  await signInAs(page, users.carol);
  await openPage(page, '/installation');
  await expect(page.getByText(/has not connected a CRM account yet/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect your CRM' })).toBeVisible();
});
