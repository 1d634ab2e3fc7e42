import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.runs.url });

interface StatusAnswer {
  objects: Array<{
    objectName: string;
    state: string;
    recordsDelivered: number;
    backfill: { recordsProcessed: number; recordsEstimatedTotal: number | null; done: boolean } | null;
  }>;
}

test('while Northwind’s receiver fails the status says so, and once it recovers every record arrives', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Globex's Salesforce: its Contact, Account and Opportunity records, in Salesforce's object names.
  await signInAs(page, users.bob);
  // Northwind goes down until the spec brings it back: every delivery meanwhile is answered 503.
  const fault = await page.request.post('/demo/receiver-faults', { data: { failForMs: 120_000 } });
  expect(fault.status(), await fault.text()).toBe(200);

  await openPage(page, '/install');
  await page.getByRole('button', { name: 'Install with recommended settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
  await expect(page).toHaveURL(/integration=salesforce-sync/);
  const contacts = page
    .locator('[data-scope="sync-status"]')
    .getByRole('listitem', { name: 'Contacts', exact: true });

  // The user learns that records wait and nothing is lost, without any address of Northwind's receiver.
  await expect(contacts).toHaveAttribute('data-state', 'failing', { timeout: 30_000 });
  await expect(contacts).toContainText('Nothing is lost');
  await expect(contacts).not.toContainText('/webhooks/splice');

  // The receiver is back: retries deliver everything and the object is up to date.
  const recovered = await page.request.post('/demo/receiver-faults', { data: { failForMs: 0 } });
  expect(recovered.status(), await recovered.text()).toBe(200);
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 90_000 });
  const answer = await page.request.get('/api/integrations/salesforce-sync/status');
  const status = (await answer.json()) as StatusAnswer;
  const contactsStatus = status.objects.find((o) => o.objectName === 'Contact');
  expect(contactsStatus?.backfill?.done).toBe(true);
  const processed = contactsStatus?.backfill?.recordsProcessed ?? 0;
  expect(processed).toBeGreaterThan(0);
  expect(contactsStatus?.recordsDelivered).toBe(processed);

  // Northwind's own table has every record of the backfill, each once.
  const records = await page.request.get('/demo/records');
  const table = (await records.json()) as { counts: Record<string, number>; total: number };
  expect(table.counts.Contact).toBe(processed);
  // The page counts what the table holds: every object the quick setup reads, contacts among them.
  await openPage(page, '/records');
  const total = page.getByTestId('imported-total');
  await expect(total).toContainText(`${table.total.toLocaleString('en')} records imported`);
  await expect(total).toContainText(`Contact: ${processed.toLocaleString('en')}`);
});
