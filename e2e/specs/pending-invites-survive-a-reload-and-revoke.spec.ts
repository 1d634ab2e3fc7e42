import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// The invites a group sent are listed from the server (a reload keeps them),
// each can be revoked, another group never sees them, and one status shows at a time.

test('a sent invite is still listed after a reload, and Revoke removes it', async ({ page }) => {
  const email = `reload.${Date.now()}@example.com`;
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  const form = page.locator('[data-scope="invite-form"]');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(form.locator('[data-part="result"]')).toContainText(`Invite sent to ${email}.`);
  const pending = form.getByRole('list', { name: 'Pending invites' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Sent');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const row = pending.getByRole('listitem').filter({ hasText: email });
  await expect(row).toBeVisible();

  // A revoke asks first; Keep leaves the invite where it was.
  await row.getByRole('button', { name: `Revoke the invite to ${email}` }).click();
  await row.getByRole('button', { name: 'Keep' }).click();
  await expect(row.getByRole('button', { name: `Revoke the invite to ${email}` })).toBeFocused();

  await row.getByRole('button', { name: `Revoke the invite to ${email}` }).click();
  const revoked = page.waitForResponse(
    (r) => r.url().includes('/api/invites/') && r.request().method() === 'DELETE',
  );
  await row.getByRole('button', { name: 'Revoke invite' }).click();
  expect((await revoked).status()).toBe(204);
  await expect(form.locator('[data-part="result"]')).toHaveText(`Invite to ${email} revoked.`);
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

  await page.reload();
  await expect(form.locator('[data-part="pending"]')).not.toContainText(email);
  await expect(form.locator('[data-part="pending"]')).not.toHaveAttribute('data-state', 'loading');
  await expect(form.locator('[data-part="pending"]')).not.toContainText(email);
});

test('another company’s user never sees the invite, and cannot revoke it', async ({ browser }) => {
  const email = `private.${Date.now()}@example.com`;
  const alice = await browser.newPage();
  await signInAs(alice, users.alice);
  await openPage(alice, '/team');
  const aliceForm = alice.locator('[data-scope="invite-form"]');
  await aliceForm.getByRole('textbox', { name: 'E-mail' }).fill(email);
  const sent = alice.waitForResponse(
    (r) => r.url().endsWith('/api/invites') && r.request().method() === 'POST',
  );
  await aliceForm.getByRole('button', { name: 'Send invite' }).click();
  const { id } = (await (await sent).json()) as { id: string };

  const bob = await browser.newPage();
  await signInAs(bob, users.bob);
  await openPage(bob, '/team');
  const pendingOfBob = bob.locator('[data-scope="invite-form"] [data-part="pending"]');
  await expect(pendingOfBob).not.toHaveAttribute('data-state', 'loading');
  await expect(pendingOfBob).not.toContainText(email);
  // Bob's browser asks the BFF directly, as a curious user could: the list and a revoke by ID.
  const answers = await bob.evaluate(async (inviteId) => {
    const headers = { 'X-Requested-With': 'splice', 'Content-Type': 'application/json' };
    const list = await fetch('/api/invites', { headers });
    const revoke = await fetch(`/api/invites/${inviteId}`, { method: 'DELETE', headers });
    return { list: await list.text(), revoke: revoke.status };
  }, id);
  expect(answers.list).not.toContain(email);
  expect(answers.revoke).toBe(404);

  await alice.reload();
  await expect(aliceForm.getByRole('list', { name: 'Pending invites' })).toContainText(email);
  await alice.close();
  await bob.close();
});

test('an error after a success shows only the error', async ({ page }) => {
  const email = `status.${Date.now()}@example.com`;
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  const form = page.locator('[data-scope="invite-form"]');
  const field = form.getByRole('textbox', { name: 'E-mail' });
  const result = form.locator('[data-part="result"]');
  await field.fill(email);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(result).toContainText(`Invite sent to ${email}.`);

  // The server refuses the same address again (409): the error stands alone.
  await field.fill(email);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(result).toBeEmpty();

  // A success clears the error; then an address refused on leaving the field clears the success.
  await field.fill(`other.${email}`);
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(result).toContainText(`Invite sent to other.${email}.`);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await field.fill('dana@');
  await field.blur();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(result).toBeEmpty();
});
