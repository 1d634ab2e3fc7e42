import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// The catalog on the shared demo: carol@initech has no connection there, bob@globex (Salesforce) is
// installed through the API (as the search specs do). Each company sees its own state, at a laptop's and
// a phone's width.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a company without a connection is told so for each CRM, and Connect leads to that CRM’s install page', async ({
      page,
    }) => {
      await signInAs(page, users.carol);
      await openPage(page, '/integrations');
      await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
      for (const [name, provider] of [
        ['HubSpot sync', 'HubSpot'],
        ['Salesforce sync', 'Salesforce'],
      ] as const) {
        const entry = page.getByRole('listitem', { name });
        await expect(entry).toContainText(`Connects to ${provider}`);
        await expect(entry.getByRole('definition').first()).toHaveText('Not connected');
        await expect(entry.getByRole('definition').nth(1)).toHaveText('Not installed');
      }
      const entry = page.getByRole('listitem', { name: 'Salesforce sync' });
      const connect = entry.getByRole('link', { name: 'Connect Salesforce sync' });
      await connect.scrollIntoViewIfNeeded();
      await expect(connect).toBeInViewport();
      await connect.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Connect your CRM' })).toBeVisible();
      // The install page serves the integration the step named, not the first one listed.
      await expect(page).toHaveURL(/#\/install\?integration=salesforce-sync/);
      const wizard = page.locator('[data-scope="installation-wizard"]');
      await expect(wizard.getByRole('button', { name: 'Connect Salesforce' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('an installed company sees Installed, and Settings leads to that CRM’s sync settings', async ({
      page,
    }) => {
      await signInAs(page, users.bob);
      await seedInstallation(page, users.bob);
      await openPage(page, '/integrations');
      const entry = page.getByRole('listitem', { name: 'Salesforce sync' });
      await expect(entry.getByRole('definition').first()).toHaveText('Connected');
      await expect(entry.getByRole('definition').nth(1)).toHaveText('Installed');
      await expect(entry.getByRole('link', { name: /^Install/ })).toHaveCount(0);
      // Globex has no HubSpot connection: its card says so, beside the installed Salesforce one.
      const hubspot = page.getByRole('listitem', { name: 'HubSpot sync' });
      await expect(hubspot.getByRole('definition').first()).toHaveText('Not connected');
      await entry.getByRole('link', { name: 'Settings of Salesforce sync' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
      // The settings are Salesforce's: its installation, and the links to its records and its search.
      await expect(page.getByRole('region', { name: 'Installation' })).toContainText('CRMSalesforce');
      await expect(page.getByRole('link', { name: 'find records in your CRM' })).toHaveAttribute(
        'href',
        '#/search?integration=salesforce-sync',
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
