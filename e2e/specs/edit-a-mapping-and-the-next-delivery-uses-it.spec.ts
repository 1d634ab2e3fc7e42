import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { applyCrmChanges } from '../support/connect.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { type Crm, connectCrmInThisTab, hubspot, salesforce, seedCrmInstallation } from './crm.shared.js';

test.use({ baseURL: servers.manages.url });
// The two companies are independent of each other: let both workers share them.
test.describe.configure({ mode: 'parallel' });

interface StoredRecord {
  readType: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
}

async function importedContacts(page: Page, crm: Crm): Promise<StoredRecord[]> {
  const response = await page.request.get(`/demo/records?object=${crm.contacts}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { records: StoredRecord[] }).records;
}

/**
 * Opens the settings page's editor on the contacts step. The installation was created through the API,
 * after this tab may have read the integration without it (a hash change keeps the app's cached answer for
 * its stale time): the page is loaded again, as a user's next visit would be.
 */
async function editContacts(page: Page, crm: Crm): Promise<Locator> {
  await openPage(page, `/installation?integration=${crm.integration}`);
  await page.reload();
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await nextTo(wizard, 'Read Contacts');
  return wizard;
}

/** Walks the editor's remaining steps to its review and saves. */
async function saveEdit(wizard: Locator, crm: Crm): Promise<void> {
  const steps = wizard.getByRole('navigation', { name: 'Setup progress' }).getByRole('listitem');
  const titles = (await steps.allTextContents()).map((text) => text.replace(/^\d+\s*/, ''));
  expect(titles.at(-1)).toBe('Review and save');
  for (const title of titles.slice(titles.indexOf('Read Contacts') + 1)) await nextTo(wizard, title);
  await wizard.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    wizard.getByRole('heading', { name: new RegExp(`Your changes to ${crm.integrationName} are saved`) }),
  ).toBeVisible();
}

/**
 * The next read (Run now, after the CRM changed some records) delivers records; answers those it read.
 * The editor's finish screen does not repeat the page's own sync status.
 */
async function runNow(page: Page, crm: Crm): Promise<StoredRecord[]> {
  await expect(page.locator('[data-scope="sync-status"]')).toHaveCount(1);
  // Both CRMs' contacts object is "Contacts" to the user (HubSpot's `contacts`, Salesforce's `Contact`); its
  // read, not its writes, which are named "Contacts Written to your CRM".
  const contacts = page
    .locator('[data-scope="sync-status"]')
    .getByRole('listitem', { name: 'Contacts', exact: true });
  const run = contacts.getByRole('button', { name: 'Run now: read Contacts' });
  await expect(run).toBeEnabled({ timeout: 60_000 });
  // This demo's Initech may have connected both CRMs (the manage specs connect Salesforce): change this one's.
  await applyCrmChanges(page, servers.manages.url, 40, crm.crm);
  await run.click();
  await expect
    .poll(async () => (await importedContacts(page, crm)).filter((r) => r.readType === 'triggered').length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  return (await importedContacts(page, crm)).filter((r) => r.readType === 'triggered');
}

test('after HubSpot’s priority mapping is edited, the next delivery maps by the new mapping', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // Initech connects HubSpot (Acme's group on this demo is the manage spec's).
  await signInAs(page, users.carol);
  await connectCrmInThisTab(page, hubspot);
  await seedCrmInstallation(page, hubspot);

  // The backfill arrives mapped as installed: Northwind's priority is HubSpot's score.
  await expect
    .poll(async () => (await importedContacts(page, hubspot)).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  for (const record of await importedContacts(page, hubspot)) {
    expect(record.mappedFields.priority).toEqual(record.fields.hubspotscore);
  }

  // Carol maps priority to the annual revenue instead, through the editor.
  const wizard = await editContacts(page, hubspot);
  await currentStep(wizard)
    .getByRole('combobox', { name: /Priority score/ })
    .fill('annualrevenue');
  await saveEdit(wizard, hubspot);

  const triggered = await runNow(page, hubspot);
  for (const record of triggered) {
    expect(record.fields.annualrevenue).toBeDefined();
    expect(record.mappedFields.priority).toEqual(record.fields.annualrevenue);
  }
});

test('after Salesforce’s stage mapping is edited, the next delivery maps by the new mapping', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, users.bob);
  await seedCrmInstallation(page, salesforce);

  // The backfill arrives mapped as installed: a Partner Referral is a customer (won), Web is new.
  const installed: Record<string, string> = {
    Web: 'new',
    'Phone Inquiry': 'working',
    'Partner Referral': 'won',
    Other: 'lost',
  };
  await expect
    .poll(async () => (await importedContacts(page, salesforce)).length, { timeout: 60_000 })
    .toBeGreaterThan(0);
  for (const record of await importedContacts(page, salesforce)) {
    const source = String(record.fields.LeadSource);
    expect(record.mappedFields.stage).toEqual(installed[source] ?? source);
  }

  // Bob reads the stage from the contact's title instead, through the editor: a field without a picklist,
  // so every contact arrives with its title as its stage.
  const wizard = await editContacts(page, salesforce);
  await currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' }).fill('Title');
  await saveEdit(wizard, salesforce);

  const triggered = await runNow(page, salesforce);
  for (const record of triggered) {
    expect(record.fields.Title).toBeDefined();
    expect(record.mappedFields.stage).toEqual(record.fields.Title);
  }
});
