/**
 * The demo's two CRMs as the specs meet them: Acme's HubSpot and Globex's Salesforce, each synced by its
 * own integration of the demo manifest, with the names the pages show. Not a spec itself (no `.spec.`).
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { type DemoCrm, recommendedCrmContent } from '@splice/service/demo-fixtures';
import { openPage, signInAs } from '../support/session.js';
import type { DemoUser } from '../support/users.js';

export interface Crm {
  crm: DemoCrm;
  /** The manifest's integration that syncs it. */
  integration: string;
  /** The integration's display name ("HubSpot sync"). */
  integrationName: string;
  /** The provider's name on the connect buttons and the consent page. */
  providerName: string;
  /** The provider's name for contacts: the search's object, and the records' `objectName`. */
  contacts: string;
}

export const hubspot: Crm = {
  crm: 'hubspot',
  integration: 'hubspot-sync',
  integrationName: 'HubSpot sync',
  providerName: 'HubSpot',
  contacts: 'contacts',
};

export const salesforce: Crm = {
  crm: 'salesforce',
  integration: 'salesforce-sync',
  integrationName: 'Salesforce sync',
  providerName: 'Salesforce',
  contacts: 'Contact',
};

/** The installation wizard of `crm`'s integration on the Install page, once it shows its first step. */
export async function openCrmWizard(page: Page, crm: Crm): Promise<Locator> {
  await page.goto(`/#/install?integration=${crm.integration}`);
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard.locator('form[data-part="step"]')).toBeVisible();
  return wizard;
}

/** The search box of the Find records page, searching `crm`'s integration. */
export async function openCrmSearch(page: Page, crm: Crm): Promise<Locator> {
  await openPage(page, `/search?integration=${crm.integration}`);
  const box = page.locator('[data-scope="search-box"]');
  await expect(box).toBeVisible();
  return box;
}

/**
 * Installs the demo's recommended config of `crm` (contacts, the stage from the provider's picklist with
 * its values matched, the whole history: the emulators' records were last changed in mid-2025) for the
 * signed-in user's group, through the BFF as a page would, unless it is installed already. Several specs
 * call it for the same group, at once or one after another: the fixed key makes concurrent calls one
 * create, and a later call meets either the replayed 201 or a 409 (installed), both fine here.
 */
export async function seedCrmInstallation(page: Page, crm: Crm): Promise<void> {
  const response = await page.request.post(`/api/integrations/${crm.integration}/installations`, {
    headers: { 'X-Requested-With': 'splice', 'Idempotency-Key': `e2e-seed-installation-${crm.crm}` },
    data: { config: { content: recommendedCrmContent(crm.crm, { defaultPeriod: { fullHistory: true } }) } },
  });
  expect([201, 409], await response.text()).toContain(response.status());
  // A 409 says some installation exists; the specs that follow need this group's, so look.
  const integration = await page.request.get(`/api/integrations/${crm.integration}`);
  expect(integration.status()).toBe(200);
  expect((await integration.json()).installation, 'the seeded installation').toBeTruthy();
}

/** The signed-in group's connection to `crm`'s provider as the BFF shows it (null before a connect). */
export async function crmConnectionStatus(page: Page, crm: Crm): Promise<string | null> {
  const response = await page.request.get(`/api/integrations/${crm.integration}/connection`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { connection: { status: string } | null }).connection?.status ?? null;
}

/**
 * Connects the signed-in group to `crm`'s provider in this tab, as a user whose popup was blocked does:
 * the BFF's connect URL, the emulator's consent page, Allow, and back on the app. Does nothing when the
 * group is connected already. Specs that are about connecting use the page's own buttons instead.
 */
export async function connectCrmInThisTab(page: Page, crm: Crm): Promise<void> {
  if (await crmConnectionStatus(page, crm)) return;
  const started = await page.request.post(`/api/integrations/${crm.integration}/connect`, {
    headers: { 'X-Requested-With': 'splice' },
    data: { attempt: randomBytes(12).toString('hex'), mode: 'redirect', returnTo: '/' },
  });
  expect(started.status(), await started.text()).toBe(200);
  await page.goto((await started.json()).url);
  await page.getByRole('button', { name: 'Allow' }).click();
  // The BFF's result page saves the connection, then sends the tab back to the app's home page.
  await page.waitForURL((url) => url.pathname === '/' && url.origin === new URL(started.url()).origin);
  await expect.poll(() => crmConnectionStatus(page, crm)).not.toBeNull();
}

/**
 * `user`'s search page of `crm` at `width` px, with the recommended installation seeded: where the specs
 * about the search box's layout start. Answers the search box.
 */
export async function crmSearchPageAt(page: Page, width: number, user: DemoUser, crm: Crm): Promise<Locator> {
  await page.setViewportSize({ width, height: 900 });
  await signInAs(page, user);
  await seedCrmInstallation(page, crm);
  return openCrmSearch(page, crm);
}
