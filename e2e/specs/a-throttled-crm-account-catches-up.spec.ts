import { expect, test } from '@playwright/test';
import { applyCrmChanges, connectionStatus } from '../support/connect.js';
import { firstNumber } from '../support/numbers.js';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.accounts.url });

interface StatusAnswer {
  objects: Array<{ objectName: string; state: string; problem: unknown; lastRun: { status: string } | null }>;
}

test('alice@acme’s HubSpot account is throttled: the read waits and says it is catching up, never failing, and once restored every change arrives', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, users.alice);
  await seedInstallation(page, users.alice);
  await openPage(page, '/installation');
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'Contacts', exact: true });
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  const facts = contacts.locator('[data-part="facts"] div').nth(2);
  const deliveredBefore = firstNumber(await facts.textContent());

  // Every state the status reports for contacts from here on, as the page polls it.
  const seen: Array<{ state: string; problem: unknown }> = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith(`/api/integrations/${users.alice.integration}/status`)) return;
    const body = (await response.json().catch(() => null)) as StatusAnswer | null;
    const object = body?.objects.find((o) => o.objectName === 'contacts');
    if (object) seen.push({ state: object.state, problem: object.problem });
  });

  // HubSpot limits the account to a couple of requests per ten seconds, as a busy account's quota does.
  const account = page.getByRole('region', { name: 'CRM account' });
  await account.getByText('CRM emulator controls').click();
  await account.getByRole('button', { name: 'Throttle my CRM account' }).click();
  const catchingUp = page.getByRole('status').filter({ hasText: 'the reads are catching up' });
  await expect(catchingUp).toBeVisible();
  await expect(catchingUp).toContainText('HubSpot is limiting how often Northwind may ask');
  await expect(account.getByRole('button', { name: 'Restore the rate limit' })).toBeVisible();

  // Records change, and a read by hand meets the limit: it reads on as the quota refills (HubSpot's
  // 429 says how long to wait), so the status says Reading, never that something needs attention.
  const changes = await applyCrmChanges(page, servers.accounts.url, 30);
  const changedContacts = changes.filter((c) => c.objectType === 'contacts' && c.kind !== 'deleted');
  await contacts.getByRole('button', { name: 'Run now: read Contacts' }).click();
  await expect(contacts).toContainText(/Started .* \(run by hand\)/, { timeout: 30_000 });
  await expect(contacts).toHaveAttribute('data-state', 'reading');
  await expect(status).not.toContainText('Needs attention');
  expect(await connectionStatus(page, users.alice.integration)).toBe('working');

  // The limit is lifted: the read finishes and every changed contact has arrived.
  await account.getByRole('button', { name: 'Restore the rate limit' }).click();
  await expect(catchingUp).toBeHidden();
  await expect(contacts).toHaveAttribute('data-state', 'up_to_date', { timeout: 60_000 });
  await expect(contacts).toContainText(/Last read\s*(now|.*ago) \(run by hand\)/);
  const deliveredAfter = firstNumber(await facts.textContent());
  expect(deliveredAfter - deliveredBefore).toBeGreaterThanOrEqual(changedContacts.length);
  const held = (await (await page.request.get('/demo/records?object=contacts')).json()) as {
    records: Array<{ recordId: string; readType: string }>;
  };
  for (const change of changedContacts) {
    expect(held.records.find((r) => r.recordId === change.id)?.readType).toMatch(/triggered|scheduled/);
  }
  // Throughout, the status never called the throttled read a failure.
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => s.state === 'failing' || s.problem !== null)).toEqual([]);
});
