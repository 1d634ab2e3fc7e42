import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('carol@initech, whose company has no CRM connected, gets a connect step first', async ({ page }) => {
  await signInAs(page, users.carol);
  await openPage(page, '/install');

  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard).toHaveAttribute('data-state', 'no-connection');
  await expect(wizard.getByRole('heading', { name: 'Connect your Sandbox CRM account' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Connect Sandbox CRM' })).toBeVisible();
  await expect(wizard.getByRole('button', { name: 'Next' })).toHaveCount(0);
});

test("installing anyway (quick setup) shows the service's own connection-required error", async ({
  page,
}) => {
  await signInAs(page, users.carol);
  await openPage(page, '/install');

  const quick = page.getByRole('region', { name: 'Quick setup' });
  await quick.getByRole('radio', { name: /^Full history/ }).check();
  const refused = page.waitForResponse((r) => r.url().endsWith('/installations'));
  await quick.getByRole('button', { name: 'Install with recommended settings' }).click();
  const response = await refused;
  expect(response.status()).toBe(422);
  expect((await response.json()).type).toBe('urn:problem-type:connection-required');

  await expect(quick.getByRole('alert')).toContainText(
    'Connect your account with the provider first, then install the integration.',
  );
  // The choice made is still there to retry with once connected.
  await expect(quick.getByRole('radio', { name: /^Full history/ })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connect your CRM');
});
