import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { type Crm, crmConnectionStatus, hubspot, salesforce } from './crm.shared.js';

test.use({ baseURL: servers.connects.url });
// A popup or a round trip through the provider's page takes a few seconds on a loaded 2-core machine.
test.setTimeout(60_000);
// One company (initech) through every outcome, in order: the group's state carries from test to test.
test.describe.configure({ mode: 'serial' });

const connectStep = (page: Page) => page.locator('[data-scope="installation-wizard"] [data-step="connect"]');

/**
 * Carol opens the wizard of `crm`'s integration and chooses Connect: its connect step, and the provider's
 * page (the emulator's, on its own origin) in a popup.
 */
async function startConnecting(page: Page, crm: Crm) {
  await signInAs(page, users.carol);
  await openPage(page, `/install?integration=${crm.integration}`);
  const step = connectStep(page);
  const popupOpened = page.waitForEvent('popup');
  await step.getByRole('button', { name: `Connect ${crm.providerName}` }).click();
  return { step, popup: await popupOpened };
}

test('a message from another origin is ignored, and closing the popup says so with a retry', async ({
  page,
}) => {
  const { step, popup } = await startConnecting(page, hubspot);
  await expect(step.getByRole('heading', { name: 'Connect your HubSpot account' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Allow' })).toBeVisible();
  expect(new URL(popup.url()).origin).not.toBe(new URL(servers.connects.url).origin);
  await expect(step.getByRole('status')).toContainText('Finish signing in to HubSpot');

  // The provider's page (another origin) posts a well-formed "connected" for this very attempt.
  await popup.evaluate(() => {
    const attempt = window.name.replace(/^splice-connect-/, '');
    window.opener.postMessage({ type: 'splice:connect-result', attempt, outcome: 'connected' }, '*');
  });
  await page.waitForTimeout(500);
  await expect(step.getByRole('status')).toContainText('Finish signing in to HubSpot');
  expect(await crmConnectionStatus(page, hubspot)).toBeNull();

  const closedAt = Date.now();
  await popup.close();
  await expect(step.getByRole('alert')).toContainText('The sign-in window was closed before you finished');
  expect(Date.now() - closedAt).toBeLessThan(2_000);
  await expect(step.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('denying on the consent page says access was denied, with a retry', async ({ page }) => {
  const { step, popup } = await startConnecting(page, hubspot);
  // The popup opens blank and is pointed at the consent page once the BFF answers: wait for that page.
  await popup.getByRole('button', { name: 'Deny' }).waitFor();
  await expectNoAxeViolations(popup, 'the HubSpot consent page');
  await popup.getByRole('button', { name: 'Deny' }).click();
  await expect(step.getByRole('alert')).toContainText('Access was denied in HubSpot');
  await expect(step.getByRole('button', { name: 'Try again' })).toBeVisible();
  expect(await crmConnectionStatus(page, hubspot)).toBeNull();
});

test('a provider URL finished in another browser connects nothing, and that browser is told so', async ({
  page,
  browser,
}) => {
  const { popup } = await startConnecting(page, hubspot);
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
  expect(await crmConnectionStatus(page, hubspot)).toBeNull();
});

// What each provider's consent page asks for: the account it would connect and the scopes to read and
// write its contacts.
const consent = [
  {
    crm: hubspot,
    scopes: ['crm.objects.contacts.read', 'crm.objects.contacts.write'],
    stage: 'hs_lead_status',
  },
  { crm: salesforce, scopes: ['api', 'refresh_token'], stage: 'LeadSource' },
];

for (const { crm, scopes, stage } of consent) {
  test(`carol@initech connects ${crm.providerName} in the popup and installs ${crm.integrationName}, in one flow`, async ({
    page,
  }) => {
    const { popup } = await startConnecting(page, crm);
    // The consent page says which app asks, for which of the provider's accounts, and what it may do.
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
      `Northwind Pipeline wants to access your ${crm.providerName} account`,
    );
    await expect(popup).toHaveTitle(`Connect Northwind Pipeline to ${crm.providerName}`);
    await expect(popup.locator('p', { hasText: 'Signed in as' })).toHaveText(/^Signed in as\s*\S+/);
    const asked = popup.getByRole('list', { name: 'It asks for' });
    for (const scope of scopes) await expect(asked.getByText(scope, { exact: true })).toBeVisible();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await closed;

    // The wizard goes on by itself to its first step, with the CRM's fields now readable.
    const wizard = page.locator('[data-scope="installation-wizard"]');
    await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
    // Connected: `created`, or already `working` once the wizard has read the CRM's fields through it.
    expect(await crmConnectionStatus(page, crm)).toMatch(/^(created|working)$/);
    const steps = wizard.getByRole('navigation', { name: 'Setup progress' }).getByRole('listitem');
    const titles = (await steps.allTextContents()).map((text) => text.replace(/^\d+\s*/, ''));
    expect(titles[0]).toBe('Objects');
    await nextTo(wizard, 'Read Contacts');
    await currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' }).fill(stage);
    for (const title of titles.slice(2)) await nextTo(wizard, title);
    const created = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/integrations/${crm.integration}/installations`) &&
        r.request().method() === 'POST',
    );
    await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
    expect((await created).status()).toBe(201);
    await expect(wizard).toHaveAttribute('data-state', 'installed');
    // A connection that has made a request is `working`.
    expect(await crmConnectionStatus(page, crm)).toBe('working');
  });
}
