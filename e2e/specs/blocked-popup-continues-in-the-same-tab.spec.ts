import { expect, test } from '@playwright/test';
import { breakConnection, connectionStatus } from '../support/connect.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep } from '../support/wizard.js';

test.use({ baseURL: servers.connects.url });
// A popup or a round trip through the provider's page takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);

test('a blocked popup (window.open returns null) continues in the same tab and comes back to the wizard', async ({
  page,
}) => {
  // A popup blocker: every window.open answers null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await signInAs(page, users.alice);
  await breakConnection(page, servers.connects.url);
  await openPage(page, '/install');
  const wizard = page.locator('[data-scope="installation-wizard"]');
  const step = wizard.locator('[data-step="connect"]');
  await expect(step.getByRole('heading', { name: 'Reconnect your Sandbox CRM account' })).toBeVisible();

  await step.getByRole('button', { name: 'Reconnect Sandbox CRM' }).click();
  await expect(step.getByRole('alert')).toContainText('Your browser blocked the sign-in window.');
  await step.getByRole('button', { name: 'Continue in this tab' }).click();

  // The whole tab is on the provider's consent page now.
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sandbox-provider/oauth/authorize');
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back where the user was: the Install page, with the wizard past its connect step.
  // (The wizard's step joins the address once its steps show.)
  await expect(page).toHaveURL(new RegExp(`^${servers.connects.url}/#/install(\\?step=objects)?$`));
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  expect(await connectionStatus(page)).toBe('created');
});
