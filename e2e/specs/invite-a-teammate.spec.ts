import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('inviting a valid e-mail shows the pending invite', async ({ page }) => {
  const email = `dana.${Date.now()}@example.com`;
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  // The page names the organization as people know it, not by its id (finding 17 of issue 15).
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
  // The host lists what was sent on this visit, from the component's onInvited.
  await expect(
    page.getByRole('region', { name: 'Invited on this visit' }).getByRole('listitem'),
  ).toContainText([email]);
  // Only a success clears the field, ready for the next address.
  await expect(field).toHaveValue('');
});
