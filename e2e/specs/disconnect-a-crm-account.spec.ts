import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { crmConnectionStatus, salesforce, seedCrmInstallation } from './crm.shared.js';

test.use({ baseURL: servers.manages.url });
// A round trip through the provider's page in a popup takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);
// One company (initech) in order: it connects Salesforce and disconnects, then connects, installs and is
// refused. (Its HubSpot on this demo is the mapping editor's.)
test.describe.configure({ mode: 'serial' });

/** Carol's settings page, connected from its "CRM account" card through the provider's page. */
async function connectedAccount(page: Page): Promise<Locator> {
  await signInAs(page, users.carol);
  await openPage(page, `/installation?integration=${salesforce.integration}`);
  const account = page.getByRole('region', { name: 'CRM account' });
  const popupOpened = page.waitForEvent('popup');
  await account.getByRole('button', { name: 'Connect Salesforce' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Allow' }).click();
  await expect(account.getByText('Salesforce is connected.')).toBeVisible();
  expect(await crmConnectionStatus(page, salesforce)).not.toBeNull();
  return account;
}

const disconnectAnswer = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/integrations/${salesforce.integration}/connection`) &&
      r.request().method() === 'DELETE',
  );

test('carol@initech disconnects an account no installation uses, after a question, and can connect again', async ({
  page,
}) => {
  const account = await connectedAccount(page);
  await account.getByRole('button', { name: 'Disconnect Salesforce' }).click();
  const question = account.getByRole('alertdialog', { name: 'Disconnect Salesforce?' });
  await expect(question).toContainText('Nothing is read from this Salesforce account');
  // The question opens on the safe choice: Enter twice must not disconnect.
  await expect(question.getByRole('button', { name: 'Keep it connected' })).toBeFocused();

  const answered = disconnectAnswer(page);
  await question.getByRole('button', { name: 'Yes, disconnect' }).click();
  expect((await answered).status()).toBe(204);
  // The connect state again, with the focus on Connect, and nothing left of the connection.
  const connect = account.getByRole('button', { name: 'Connect Salesforce' });
  await expect(connect).toBeFocused();
  await expect(question).toBeHidden();
  await expect(account.getByText('Salesforce is connected.')).toBeHidden();
  expect(await crmConnectionStatus(page, salesforce)).toBeNull();
  await page.reload();
  await expect(account.getByRole('button', { name: 'Connect Salesforce' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Disconnect Salesforce' })).toHaveCount(0);
});

test('with an installation reading through it, Disconnect is refused with the reason beside its buttons, on a 390 px screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await connectedAccount(page);
  await seedCrmInstallation(page, salesforce);
  await page.reload();
  await expect(page.locator('[data-scope="sync-status"]')).toBeVisible();

  await account.getByRole('button', { name: 'Disconnect Salesforce' }).click();
  const question = account.getByRole('alertdialog', { name: 'Disconnect Salesforce?' });
  const answered = disconnectAnswer(page);
  await question.getByRole('button', { name: 'Yes, disconnect' }).click();
  const response = await answered;
  expect(response.status()).toBe(409);
  expect((await response.json()).type).toContain('connection-in-use');

  // In the user's words, inside the question right above its buttons, not somewhere else on the page.
  const reason = question.getByRole('alert');
  await expect(reason).toContainText(
    'An installation reads through this connection. Uninstall it first, then disconnect.',
  );
  const confirm = question.getByRole('button', { name: 'Yes, disconnect' });
  const [reasonBox, confirmBox] = await Promise.all([reason.boundingBox(), confirm.boundingBox()]);
  if (!reasonBox || !confirmBox) throw new Error('the reason or the button is not shown');
  const gap = confirmBox.y - (reasonBox.y + reasonBox.height);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(48);
  // It fits the screen: no part of the question reaches past its right edge, and the page does not scroll sideways.
  const questionBox = await question.boundingBox();
  expect((questionBox?.x ?? 0) + (questionBox?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Still connected; keeping it closes the question and gives the focus back to Disconnect.
  expect(await crmConnectionStatus(page, salesforce)).not.toBeNull();
  await question.getByRole('button', { name: 'Keep it connected' }).click();
  await expect(question).toBeHidden();
  await expect(account.getByRole('button', { name: 'Disconnect Salesforce' })).toBeFocused();
  await expect(account.getByText('Salesforce is connected.')).toBeVisible();
});
