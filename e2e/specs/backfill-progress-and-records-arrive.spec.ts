import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.runs.url });

test('a 30-day backfill shows its progress, its records arrive on Northwind’s page, and Run now reads again', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, users.alice);

  // Quick setup installs Northwind's recommended mapping; its backfill choice defaults to the last 30 days.
  await openPage(page, '/install');
  await expect(page.getByRole('radio', { name: /Last 30 days/ })).toBeChecked();
  await page.getByRole('button', { name: 'Install with recommended settings' }).click();

  // The sync settings page shows the backfill of contacts, then the object up to date.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'contacts' });
  // The progress bar can come and go between two polls of a small backfill, so it is not awaited here
  // (SyncStatus's own tests cover it); the outcome is: up to date, with the past records counted.
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  const imported = await contacts.locator('[data-part="counts"]').textContent();
  const backfilled = Number(/([\d,]+)/.exec(imported ?? '')?.[1]?.replaceAll(',', ''));
  expect(backfilled).toBeGreaterThan(0);
  // "now" or "… ago", whichever the clock says: the words, not the timing, are under test.
  await expect(contacts).toContainText(/Last read\s*(now|.*ago) \(import of past records\)/);
  await expect(contacts).toContainText(/Next read\s*in \d+ (second|minute)s?/);
  await expect(contacts.locator('[data-part="facts"]')).toContainText(backfilled.toLocaleString('en'));

  // Northwind's own table holds every record delivered, mapped fields first.
  await page.getByRole('link', { name: 'Imported records' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported records' })).toBeVisible();
  await expect(page.getByTestId('imported-total')).toContainText(
    `${backfilled.toLocaleString('en')} records imported (contacts: ${backfilled.toLocaleString('en')})`,
  );
  const table = page.getByRole('table');
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Backfill');
  await expect(
    firstRow.locator('.nw-record-fields__mapped', { hasText: /^(stage|priority)/ }).first(),
  ).toBeVisible();

  // Run now reads contacts again (the whole history, as a triggered read does): new rows say so.
  await openPage(page, '/installation');
  await contacts.getByRole('button', { name: 'Run now: read contacts' }).click();
  await expect(contacts).toContainText('A read of Contacts has started.');
  await expect(contacts).toContainText(/\(run by hand\)/, { timeout: 60_000 });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  // The finished read's outcome replaces the word that it started.
  await expect(contacts).not.toContainText('has started');
  await openPage(page, '/records');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('Run now');
});
