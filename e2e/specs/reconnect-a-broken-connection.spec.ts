import { expect, test } from '@playwright/test';
import { connectionStatus } from '../support/connect.js';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.connects.url });
// A popup or a round trip through the provider's page takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);

test('bob@globex breaks the connection: it tops the page, the status and the health, and he reconnects there', async ({
  page,
}) => {
  await signInAs(page, users.bob);
  await seedInstallation(page);
  await openPage(page, '/installation');
  const account = page.getByRole('region', { name: 'CRM account' });
  await expect(account.getByText('Sandbox CRM is connected.')).toBeVisible();
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'Contacts' });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 30_000 });
  const health = page.getByRole('region', { name: 'Installation' });
  await expect(health).toContainText('HealthHealthy');

  await account.getByText('Sandbox controls').click();
  await account.getByRole('button', { name: 'Break the CRM connection' }).click();
  await expect(account.getByText('no longer accepts the saved sign-in')).toBeVisible();
  expect(await connectionStatus(page)).toBe('bad_credentials');

  // The top of the page says it, with Reconnect right below, before the status it explains.
  const banner = page.getByRole('alert').filter({ hasText: 'Your CRM no longer accepts the saved sign-in' });
  await expect(banner).toBeVisible();
  const reconnect = account.getByRole('button', { name: 'Reconnect Sandbox CRM' });
  const [bannerBox, reconnectBox, statusBox] = await Promise.all([
    banner.boundingBox(),
    reconnect.boundingBox(),
    status.boundingBox(),
  ]);
  expect(bannerBox!.y).toBeLessThan(reconnectBox!.y);
  expect(reconnectBox!.y).toBeLessThan(statusBox!.y);
  // No object says it is up to date, and none offers a read that cannot run; the health agrees.
  await expect(contacts).toHaveAttribute('data-state', 'failing');
  await expect(contacts).toContainText('The connection to your account no longer works.');
  await expect(contacts.getByRole('button', { name: 'Run now: read Contacts' })).toBeDisabled();
  await expect(status).not.toContainText('Up to date');
  await expect(health).toContainText('HealthConnection broken');
  // The status itself offers the way out, for a page that embeds only the status.
  await expect(status.getByRole('button', { name: 'Reconnect Sandbox CRM' })).toBeEnabled();

  const popupOpened = page.waitForEvent('popup');
  await account.getByRole('button', { name: 'Reconnect Sandbox CRM' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('Signed in as')).toContainText('globex-admin');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(account.getByText('Sandbox CRM is connected.')).toBeVisible();
  expect(await connectionStatus(page)).toBe('created');
  await expect(banner).toBeHidden();
  await expect(contacts).not.toHaveAttribute('data-state', 'failing');
  await expect(contacts.getByRole('button', { name: 'Run now: read Contacts' })).toBeEnabled();
  await expect(health).toContainText('HealthHealthy');
});
