import { expect, test } from '@playwright/test';
import { applyCrmChanges, connectionStatus } from '../support/connect.js';
import { firstNumber } from '../support/numbers.js';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.accounts.url });

test('bob@globex’s Salesforce revokes the app: it tops the page, the status and the health, he reconnects there, and the reads resume', async ({
  page,
}) => {
  // A popup round trip and two reads through Salesforce on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/installation');
  const account = page.getByRole('region', { name: 'CRM account' });
  await expect(account.getByText('Salesforce is connected.')).toBeVisible();
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'Contacts', exact: true });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  const health = page.getByRole('region', { name: 'Installation' });
  await expect(health).toContainText('HealthHealthy');
  // Northwind's Activity panel, fed by the service's notifications, tells the story in words as well.
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('Globex installed Salesforce sync.')).toBeVisible({ timeout: 20_000 });
  const facts = contacts.locator('[data-part="facts"] div').nth(2);
  const deliveredBefore = firstNumber(await facts.textContent());
  expect(deliveredBefore).toBeGreaterThan(0);

  // Salesforce ends the app's grant, as an admin removing the app does; Splice is not told, and learns
  // it from Salesforce's refusal of its next call.
  await account.getByText('CRM emulator controls').click();
  await account.getByRole('button', { name: 'Break the CRM connection' }).click();
  await expect(account.getByText('no longer accepts the saved sign-in')).toBeVisible();
  expect(await connectionStatus(page, users.bob.integration)).toBe('bad_credentials');
  // The newest event comes first.
  await expect(activity.getByRole('listitem').first()).toContainText(
    "Globex's CRM connection needs reconnecting.",
    { timeout: 20_000 },
  );

  // The top of the page says it, with Reconnect right below, before the status it explains.
  const banner = page.getByRole('alert').filter({ hasText: 'Your CRM no longer accepts the saved sign-in' });
  await expect(banner).toBeVisible();
  const reconnect = account.getByRole('button', { name: 'Reconnect Salesforce' });
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
  await expect(status.getByRole('button', { name: 'Reconnect Salesforce' })).toBeEnabled();

  // Meanwhile Salesforce's records change: nothing can read them until the reconnect.
  const changes = await applyCrmChanges(page, servers.accounts.url, 12);
  const changedContacts = changes.filter((c) => c.objectType === 'Contact' && c.kind !== 'deleted');

  // Reconnect through Salesforce's own consent page, on its own origin, for Globex's account.
  const popupOpened = page.waitForEvent('popup');
  await account.getByRole('button', { name: 'Reconnect Salesforce' }).click();
  const popup = await popupOpened;
  expect(new URL(popup.url()).origin).not.toBe(new URL(servers.accounts.url).origin);
  await expect(popup.getByRole('heading', { level: 1 })).toContainText('Salesforce');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(account.getByText('Salesforce is connected.')).toBeVisible();
  expect(await connectionStatus(page, users.bob.integration)).not.toBe('bad_credentials');
  await expect(activity.getByText('Globex reconnected Salesforce.')).toBeVisible({ timeout: 20_000 });
  await expect(banner).toBeHidden();
  await expect(contacts).not.toHaveAttribute('data-state', 'failing');
  await expect(health).toContainText('HealthHealthy');

  // The reads resume from their cursors: Run now reads the changes made while the connection was broken
  // (not the whole history again), and the connection works again.
  await contacts.getByRole('button', { name: 'Run now: read Contacts' }).click();
  await expect(contacts).toContainText(/\(run by hand\)/, { timeout: 60_000 });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  const deliveredAfter = firstNumber(await facts.textContent());
  expect(deliveredAfter - deliveredBefore).toBeGreaterThanOrEqual(changedContacts.length);
  expect(deliveredAfter - deliveredBefore).toBeLessThan(deliveredBefore / 2);
  const held = (await (await page.request.get('/demo/records?object=Contact')).json()) as {
    records: Array<{ recordId: string; readType: string }>;
  };
  for (const change of changedContacts) {
    expect(held.records.find((r) => r.recordId === change.id)?.readType).toMatch(/triggered|scheduled/);
  }
  expect(await connectionStatus(page, users.bob.integration)).toBe('working');
});
