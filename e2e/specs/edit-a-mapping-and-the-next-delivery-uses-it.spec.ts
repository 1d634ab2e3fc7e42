import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';

test.use({ baseURL: servers.manages.url });

interface StoredRecord {
  readType: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
}

async function importedRecords(page: import('@playwright/test').Page): Promise<StoredRecord[]> {
  const response = await page.request.get('/demo/records');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { records: StoredRecord[] }).records;
}

test('after a mapping is edited, the next delivery maps by the new mapping', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAs(page, users.bob);
  await seedInstallation(page);

  // The backfill arrives mapped as installed: Northwind's priority is the CRM's score.
  await expect.poll(async () => (await importedRecords(page)).length, { timeout: 60_000 }).toBeGreaterThan(0);
  for (const record of await importedRecords(page)) {
    expect(record.mappedFields.priority).toEqual(record.fields.score);
  }

  // Bob maps priority to the annual revenue instead, through the editor.
  await openPage(page, '/installation');
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await nextTo(wizard, 'Read Contacts');
  await currentStep(wizard)
    .getByRole('combobox', { name: /Priority score/ })
    .fill('annualRevenue');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and save');
  await wizard.getByRole('button', { name: 'Save changes' }).click();
  await expect(wizard.getByRole('heading', { name: /Your changes to CRM sync are saved/ })).toBeVisible();

  // The editor's finish screen does not repeat the page's own sync status.
  await expect(page.locator('[data-scope="sync-status"]')).toHaveCount(1);
  // The next read (Run now) delivers with the new mapping.
  const contacts = page.locator('[data-scope="sync-status"]').getByRole('listitem', { name: 'contacts' });
  await expect(contacts.getByRole('button', { name: 'Run now: read contacts' })).toBeEnabled({
    timeout: 60_000,
  });
  await contacts.getByRole('button', { name: 'Run now: read contacts' }).click();
  await expect
    .poll(async () => (await importedRecords(page)).filter((r) => r.readType === 'triggered').length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const triggered = (await importedRecords(page)).filter((r) => r.readType === 'triggered');
  for (const record of triggered) {
    expect(record.fields.annualRevenue).toBeDefined();
    expect(record.mappedFields.priority).toEqual(record.fields.annualRevenue);
  }
});
