import { expect, test } from '@playwright/test';
import { users } from '../support/users.js';

async function signInOnThePage(page: import('@playwright/test').Page, userId: string) {
  await page.getByRole('radio', { name: new RegExp(userId) }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

// The page the previous user had open can show their group's data: after sign-out the next user once
// landed on it.
test('after sign-out the next user starts on the home page, not on the previous user’s page', async ({
  page,
}) => {
  await page.goto('/');
  await signInOnThePage(page, users.alice.id);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a teammate' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Pipeline' })).toBeVisible();
  // Nothing of alice's page is left in the address either.
  expect(new URL(page.url()).hash).toBe('');

  await signInOnThePage(page, users.bob.id);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
  await expect(page.getByRole('banner').getByText(users.bob.name)).toBeVisible();
});
