import { expect, test } from '@playwright/test';
import { connectionStatus } from '../support/connect.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.connects.url });
// A popup or a round trip through the provider's page takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);

test('bob@globex breaks the connection on the settings page and reconnects it there', async ({ page }) => {
  await signInAs(page, users.bob);
  await openPage(page, '/installation');
  const account = page.getByRole('region', { name: 'CRM account' });
  await expect(account.getByText('Sandbox CRM is connected.')).toBeVisible();

  await account.getByText('Sandbox controls').click();
  await account.getByRole('button', { name: 'Break the CRM connection' }).click();
  await expect(account.getByText('no longer accepts the saved sign-in')).toBeVisible();
  expect(await connectionStatus(page)).toBe('bad_credentials');

  const popupOpened = page.waitForEvent('popup');
  await account.getByRole('button', { name: 'Reconnect Sandbox CRM' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('Signed in as')).toContainText('globex-admin');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(account.getByText('Sandbox CRM is connected.')).toBeVisible();
  expect(await connectionStatus(page)).toBe('created');
});
