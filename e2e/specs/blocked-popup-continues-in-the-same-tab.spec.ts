import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep } from '../support/wizard.js';
import { crmConnectionStatus, salesforce } from './crm.shared.js';

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
  // Acme, on HubSpot, connects Salesforce too: a connect that nothing else on this demo touches (an
  // emulator has one account, so revoking a grant there would reach every company connected to it).
  await signInAs(page, users.alice);
  await openPage(page, `/install?integration=${salesforce.integration}`);
  const wizard = page.locator('[data-scope="installation-wizard"]');
  const step = wizard.locator('[data-step="connect"]');
  await expect(step.getByRole('heading', { name: 'Connect your Salesforce account' })).toBeVisible();

  await step.getByRole('button', { name: 'Connect Salesforce' }).click();
  await expect(step.getByRole('alert')).toContainText('Your browser blocked the sign-in window.');
  await step.getByRole('button', { name: 'Continue in this tab' }).click();

  // The whole tab is on Salesforce's consent page (the emulator's, on its own origin) now.
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
  const consentPage = new URL(page.url());
  expect(consentPage.origin).not.toBe(new URL(servers.connects.url).origin);
  expect(consentPage.pathname).toBe('/services/oauth2/authorize');
  await page.getByRole('button', { name: 'Allow' }).click();

  // Back where the user was: the Install page of Salesforce sync, with the wizard past its connect step.
  // (The wizard's step joins the address once its steps show.)
  await expect(page).toHaveURL(
    new RegExp(`^${servers.connects.url}/#/install\\?integration=salesforce-sync(&step=objects)?$`),
  );
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  // Connected: `created`, or already `working` once the wizard has read Salesforce's fields through it.
  expect(await crmConnectionStatus(page, salesforce)).toMatch(/^(created|working)$/);
});
