import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('Recent runs of an object list its import of past records, and fit a 390 px screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/installation');
  const status = page.locator('[data-scope="sync-status"]');
  const contacts = status.getByRole('listitem', { name: 'Contacts', exact: true });
  await expect(contacts).toHaveAttribute('data-state', /up_to_date|reading/, { timeout: 60_000 });
  const toggle = contacts.getByRole('button', { name: 'Recent runs of Contacts' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const imported = contacts.getByRole('listitem').filter({ hasText: 'import of past records' });
  await expect(imported).toContainText('Succeeded');
  await expect(imported).toContainText('deliveries');
  // The open list wraps inside its card: the page does not scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
