import { expect, test } from '@playwright/test';
import { applyCrmChanges } from '../support/connect.js';
import { firstNumber } from '../support/numbers.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.runs.url });

test('quick setup’s history applies to every object it installs, the records arrive, and Run now reads only what changed', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, users.alice);

  // Quick setup installs Northwind's recommended mapping of Acme's HubSpot; its one history choice is the
  // whole history (the emulator's records were last changed in mid-2025: 30 days would import none).
  await openPage(page, '/install');
  const quickSetup = page.getByRole('group', { name: /How much history should/ });
  await expect(quickSetup.getByRole('radio', { name: /Full history/ })).toBeChecked();
  await page.getByRole('button', { name: 'Install with recommended settings' }).click();

  // The sync settings page shows each object's import, then each object up to date: the one choice
  // applied to contacts, companies and deals alike, none left waiting for its first scheduled read.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
  await expect(page).toHaveURL(/integration=hubspot-sync/);
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'Contacts', exact: true });
  for (const name of ['Contacts', 'Companies', 'Deals']) {
    const item = status.getByRole('listitem', { name, exact: true });
    // The progress bar can come and go between two polls of a small backfill, so it is not awaited here
    // (SyncStatus's own tests cover it); the outcome is: up to date, with the past records counted.
    await expect(item).toHaveAttribute('data-state', 'up_to_date', { timeout: 90_000 });
    await expect(item).toContainText(/Last read\s*(now|.*ago) \(import of past records\)/);
    await expect(item.locator('[data-part="counts"]')).toContainText('Past records imported:');
  }
  // The summary below says what the status shows: the same history for every object, in HubSpot's
  // object names.
  const summary = page.getByRole('region', { name: 'Installation' });
  await expect(summary).toContainText('CRMHubSpot');
  for (const name of ['Contacts', 'Companies', 'Deals']) {
    const object = summary.getByRole('region', { name: `Reads ${name}` });
    await expect(object).toContainText('History importFull history');
  }

  const imported = await contacts.locator('[data-part="counts"]').textContent();
  const backfilled = firstNumber(imported);
  expect(backfilled).toBeGreaterThan(0);
  await expect(contacts).toContainText(/Next read\s*in \d+ (second|minute)s?/);
  await expect(contacts.locator('[data-part="facts"]')).toContainText(backfilled.toLocaleString('en'));

  // Northwind's own table holds every record delivered, mapped fields first.
  await page.getByRole('link', { name: 'Imported records' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported records' })).toBeVisible();
  // Every imported contact is there, marked as the import's. A scheduled read may have brought a changed
  // one since: newest first, it can head the table.
  const total = await page.getByTestId('imported-total').textContent();
  expect(firstNumber(/contacts: ([\d,]+)/.exec(total ?? '')?.[1] ?? null)).toBeGreaterThanOrEqual(backfilled);
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'Backfill' }).first()).toBeVisible();

  // HubSpot changes a few records now; Run now reads what changed since the import, never the whole
  // history again: the contacts Northwind holds grow by the changed records, and each changed contact
  // arrives as HubSpot has it now.
  const changes = await applyCrmChanges(page, servers.runs.url, 12);
  const changedContacts = changes.filter((c) => c.objectType === 'contacts' && c.kind !== 'deleted');
  await openPage(page, '/installation');
  await contacts.getByRole('button', { name: 'Run now: read Contacts' }).click();
  await expect(contacts).toContainText(/\(run by hand\)/, { timeout: 60_000 });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  await expect(contacts).not.toContainText('A read is already running.');
  // The finished read's outcome replaces the word that it started.
  await expect(contacts).not.toContainText('has started');
  const deliveries = firstNumber(await contacts.locator('[data-part="facts"] div').nth(2).textContent());
  expect(deliveries - backfilled).toBeGreaterThanOrEqual(changedContacts.length);
  expect(deliveries - backfilled).toBeLessThan(backfilled / 2);
  const held = (await (await page.request.get('/demo/records?object=contacts')).json()) as {
    records: Array<{ recordId: string; readType: string }>;
  };
  for (const change of changedContacts) {
    expect(held.records.find((r) => r.recordId === change.id)?.readType).toMatch(/triggered|scheduled/);
  }
});
