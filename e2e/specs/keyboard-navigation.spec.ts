import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test('keyboard users can skip to the content, move between pages and always see where the focus is', async ({
  page,
}) => {
  await signInAs(page, users.alice);
  await openPage(page, '/installation');

  // The first Tab reaches the skip button, which shows itself and moves focus to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A page change by keyboard puts focus on the new page's heading.
  const team = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' });
  await team.focus();
  expect(await team.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a teammate' })).toBeFocused();
  await expect(team).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle('Invite a teammate · Northwind Pipeline');
});
