import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// Nothing may be installed here: alice@acme's group must stay uninstalled for the other specs.
test.use({ baseURL: servers.neverInstalls.url });

test('Quick setup refuses an invalid custom backfill, focuses it and keeps the typed value', async ({
  page,
}) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/installations')) posts.push(request.url());
  });
  await signInAs(page, users.alice);
  await openPage(page, '/install');
  const quick = page.locator('form.nw-quick-setup');
  await quick.getByRole('radio', { name: /Recent history/ }).check();
  await quick.getByRole('radio', { name: 'Custom' }).check();
  const days = quick.getByRole('textbox', { name: 'Number of days' });
  for (const [typed, message] of [
    ['-5', 'Enter a whole number of 0 or more.'],
    ['100000', 'Enter at most 36,500 days.'],
  ] as const) {
    await days.fill(typed);
    await quick.getByRole('button', { name: 'Install with recommended settings' }).click();
    await expect(days).toBeFocused();
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toHaveValue(typed);
    await expect(quick.getByText(message)).toBeVisible();
  }
  // An untouched empty custom number is refused too, with its own message.
  await days.fill('');
  await quick.getByRole('button', { name: 'Install with recommended settings' }).click();
  await expect(quick.getByText('Enter a number of days.')).toBeVisible();
  expect(posts).toEqual([]);
});
