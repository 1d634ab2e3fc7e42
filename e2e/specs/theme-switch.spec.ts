import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

const colours = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });

test('the theme switch turns the host and the Splice components dark, and back', async ({ page }) => {
  await signInAs(page, users.alice);
  await page.emulateMedia({ colorScheme: 'light' });
  await openPage(page, '/team');

  const invite = page.locator('[data-scope="invite-form"]');
  const input = invite.getByRole('textbox', { name: 'E-mail' });
  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(invite).toHaveAttribute('data-theme', 'light');
  const light = {
    root: await colours(invite),
    input: await colours(input),
    body: await colours(page.locator('body')),
  };

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // SpliceProvider passes the theme down: the components switch with the host.
  await expect(invite).toHaveAttribute('data-theme', 'dark');
  const dark = {
    root: await colours(invite),
    input: await colours(input),
    body: await colours(page.locator('body')),
  };
  expect(dark.root.text).not.toBe(light.root.text);
  expect(dark.input.background).not.toBe(light.input.background);
  expect(dark.body.background).not.toBe(light.body.background);
  expect(await input.evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark');

  // The choice is remembered across a reload and follows to other components.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  await openPage(page, '/search');
  await expect(page.locator('[data-splice-root]').first()).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await openPage(page, '/team');
  expect(await colours(page.locator('[data-scope="invite-form"]'))).toEqual(light.root);
});
