import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('inviting a valid e-mail shows the pending invite', async ({ page }) => {
  const email = `dana.${Date.now()}@example.com`;
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  // The page names the organization as people know it, not by its id, which means nothing to the invitee.
  await expect(page.getByRole('main')).toContainText('They join Northwind Pipeline once they accept.');
  await expect(page.getByRole('main')).not.toContainText('org-demo');

  const field = page.getByRole('textbox', { name: 'E-mail' });
  await field.fill(email);
  const invited = page.waitForResponse(
    (r) => r.url().endsWith('/api/invites') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Send invite' }).click();
  expect((await invited).status()).toBe(201);

  const result = page.locator('[data-scope="invite-form"] [data-part="result"]');
  await expect(result).toContainText(email);
  await expect(result.locator('[data-part="badge"]')).toHaveAttribute('data-state', 'pending');
  // The form lists the group's pending invites, this one among them.
  await expect(page.getByRole('list', { name: 'Pending invites' })).toContainText(email);
  // Only a success clears the field, ready for the next address.
  await expect(field).toHaveValue('');
});
