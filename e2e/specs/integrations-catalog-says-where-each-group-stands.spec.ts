import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// The catalog on the shared demo: carol@initech has no connection there, bob@globex is installed
// through the API (as the search specs do). Each company sees its own state, at a laptop's and a
// phone's width.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a company without a connection is told so, and Connect leads to the install page', async ({
      page,
    }) => {
      await signInAs(page, users.carol);
      await openPage(page, '/integrations');
      await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
      const entry = page.getByRole('listitem', { name: 'CRM sync' });
      await expect(entry).toContainText('Connects to Sandbox CRM');
      await expect(entry.getByRole('definition').first()).toHaveText('Not connected');
      await expect(entry.getByRole('definition').nth(1)).toHaveText('Not installed');
      const connect = entry.getByRole('link', { name: 'Connect CRM sync' });
      await expect(connect).toBeInViewport();
      await connect.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Connect your CRM' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('an installed company sees Installed, and Settings leads to its sync settings', async ({ page }) => {
      await signInAs(page, users.bob);
      await seedInstallation(page);
      await openPage(page, '/integrations');
      const entry = page.getByRole('listitem', { name: 'CRM sync' });
      await expect(entry.getByRole('definition').first()).toHaveText('Connected');
      await expect(entry.getByRole('definition').nth(1)).toHaveText('Installed');
      await expect(entry.getByRole('link', { name: /^Install/ })).toHaveCount(0);
      await entry.getByRole('link', { name: 'Settings of CRM sync' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
