import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { connectionStatus } from '../support/connect.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';

test.use({ baseURL: servers.connects.url });
// A popup or a round trip through the provider's page takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);
// One company (initech) through every outcome, in order: the group's state carries from test to test.
test.describe.configure({ mode: 'serial' });

const connectStep = (page: Page) => page.locator('[data-scope="installation-wizard"] [data-step="connect"]');

/** Carol opens the wizard and chooses Connect: its connect step, and the provider's page in a popup. */
async function startConnecting(page: Page) {
  await signInAs(page, users.carol);
  await openPage(page, '/install');
  const step = connectStep(page);
  const popupOpened = page.waitForEvent('popup');
  await step.getByRole('button', { name: 'Connect Sandbox CRM' }).click();
  return { step, popup: await popupOpened };
}

test('a message from another origin is ignored, and closing the popup says so with a retry', async ({
  page,
}) => {
  const { step, popup } = await startConnecting(page);
  await expect(step.getByRole('heading', { name: 'Connect your Sandbox CRM account' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Allow' })).toBeVisible();
  await expect(step.getByRole('status')).toContainText('Finish signing in to Sandbox CRM');

  // The provider's page (another origin) posts a well-formed "connected" for this very attempt.
  await popup.evaluate(() => {
    const attempt = window.name.replace(/^splice-connect-/, '');
    window.opener.postMessage({ type: 'splice:connect-result', attempt, outcome: 'connected' }, '*');
  });
  await page.waitForTimeout(500);
  await expect(step.getByRole('status')).toContainText('Finish signing in to Sandbox CRM');
  expect(await connectionStatus(page)).toBeNull();

  const closedAt = Date.now();
  await popup.close();
  await expect(step.getByRole('alert')).toContainText('The sign-in window was closed before you finished');
  expect(Date.now() - closedAt).toBeLessThan(2_000);
  await expect(step.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('denying on the consent page says access was denied, with a retry', async ({ page }) => {
  const { step, popup } = await startConnecting(page);
  // The popup opens blank and is pointed at the consent page once the BFF answers: wait for that page.
  await popup.getByRole('button', { name: 'Deny' }).waitFor();
  await expectNoAxeViolations(popup, 'the sandbox consent page');
  await popup.getByRole('button', { name: 'Deny' }).click();
  await expect(step.getByRole('alert')).toContainText('Access was denied in Sandbox CRM');
  await expect(step.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await connectionStatus(page)).toBeNull();
});

test('a provider URL finished in another browser connects nothing, and that browser is told so', async ({
  page,
  browser,
}) => {
  const { popup } = await startConnecting(page);
  await popup.getByRole('button', { name: 'Allow' }).waitFor();
  const providerUrl = popup.url();
  await popup.close();

  // Someone else's browser (no cookie of Carol's) opens the URL Carol was given and allows.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(providerUrl);
    await other.getByRole('button', { name: 'Allow' }).click();
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('The sign-in link expired');
    expect(new URL(other.url()).pathname).toBe('/api/connect/done');
  } finally {
    await elsewhere.close();
  }
  expect(await connectionStatus(page)).toBeNull();
});

test('carol@initech connects the sandbox CRM in the popup and installs, in one flow', async ({ page }) => {
  const { popup } = await startConnecting(page);
  // The consent page says which app asks (the builder's app name, not the project id), for which account,
  // and what it may read and write.
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
    'Northwind Pipeline wants to access your Sandbox CRM account',
  );
  await expect(popup).toHaveTitle('Allow Northwind Pipeline to access your Sandbox CRM account?');
  await expect(popup.getByText('Signed in as')).toContainText('carol@initech');
  await expect(popup.getByRole('list')).toContainText('Read your companies, contacts, deals');
  await expect(popup.getByRole('list')).toContainText('Create and update your contacts');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;

  // The wizard goes on by itself to its first step, with the CRM's fields now readable.
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  expect(await connectionStatus(page)).toBe('created');
  await nextTo(wizard, 'Read Contacts');
  const read = currentStep(wizard);
  await read.getByRole('combobox', { name: 'Pipeline stage' }).fill('status');
  await nextTo(wizard, 'Read Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/integrations/crm-sync/installations') && r.request().method() === 'POST',
  );
  await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
  expect((await created).status()).toBe(201);
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  // A connection that has made a request is `working`.
  expect(await connectionStatus(page)).toBe('working');
});
