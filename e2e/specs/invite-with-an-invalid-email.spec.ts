import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('an invalid e-mail is explained next to the field, keeps what was typed and sends nothing', async ({
  page,
}) => {
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/invites')) sent.push(request.method());
  });

  const field = page.getByRole('textbox', { name: 'E-mail' });
  await field.fill('dana at example');
  await page.getByRole('button', { name: 'Send invite' }).click();

  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The message is tied to the field (aria-describedby), so it is read out with it.
  await expect(field).toHaveAccessibleDescription(/Enter a valid e-mail address/);
  await expect(field).toHaveValue('dana at example');
  expect(sent).toEqual([]);
});

test('a second invite to the same address is refused next to the field, with the address kept', async ({
  page,
}) => {
  const email = `erin.${Date.now()}@example.com`;
  await signInAs(page, users.alice);
  await openPage(page, '/team');
  const field = page.getByRole('textbox', { name: 'E-mail' });
  const submit = page.getByRole('button', { name: 'Send invite' });

  await field.fill(email);
  await submit.click();
  await expect(page.locator('[data-scope="invite-form"] [data-part="badge"]')).toHaveAttribute(
    'data-state',
    'pending',
  );

  await field.fill(email.toUpperCase());
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/invites'));
  await submit.click();
  expect((await refused).status()).toBe(409);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/cannot be invited again/);
  await expect(field).toHaveValue(email.toUpperCase());
});
