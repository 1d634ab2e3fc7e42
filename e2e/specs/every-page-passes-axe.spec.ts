import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { seedInstallation } from '../support/seed-installation.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// The scans are independent of one another: let both workers share them.
// axe scans many pages here; on two cores shared with the demo's read engine that can pass 30 s. The
// timeout is a guard against hanging, not a speed goal.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

// Every page in both themes and at both widths the demo is designed for (a laptop and a phone), since the
// narrow layouts (search result cards, stacked forms) are different markup for axe to judge.
for (const [theme, width] of [
  ['light', 1280],
  ['dark', 1280],
  ['light', 390],
  ['dark', 390],
] as const) {
  test.describe(`in the ${theme} theme at ${width} px`, () => {
    test.use({ colorScheme: theme, viewport: { width, height: 900 } });

    test('the sign-in page has no axe violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('radio', { name: /alice@acme/ })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page, `sign-in (${theme}, ${width} px)`);
    });

    test('every page of a signed-in user has no axe violations, results and messages included', async ({
      page,
    }) => {
      await signInAs(page, users.bob);
      await seedInstallation(page, users.bob);

      await openPage(page, '/install');
      // Bob's company is installed: the wizard shows the installation rather than its steps.
      await expect(page.locator('[data-scope="installation-wizard"]')).toHaveAttribute(
        'data-state',
        'installed',
      );
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page, `install (${theme}, ${width} px)`);

      await openPage(page, '/installation');
      // Each object read has its own mapping table: the contacts' one stands for the page being there.
      await expect(
        page.getByRole('region', { name: 'Reads Contacts' }).getByRole('table', { name: 'Field mapping' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `installation (${theme}, ${width} px)`);

      await openPage(page, '/search');
      const box = page.locator('[data-scope="search-box"]');
      await box.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(box.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, `search with results (${theme}, ${width} px)`);

      await openPage(page, '/team');
      const field = page.getByRole('textbox', { name: 'E-mail' });
      await field.fill('not an address');
      await page.getByRole('button', { name: 'Send invite' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `team with a field error (${theme}, ${width} px)`);
      await field.fill(`axe.${theme}.${Date.now()}@example.com`);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await expect(page.getByRole('list', { name: 'Pending invites' })).toBeVisible();
      await expectNoAxeViolations(page, `team with a sent invite (${theme}, ${width} px)`);
    });

    // A test of its own: the page walk above already fills most of the timeout on a busy machine.
    test('the integrations catalog has no axe violations', async ({ page }) => {
      await signInAs(page, users.bob);
      await seedInstallation(page, users.bob);
      await openPage(page, '/integrations');
      await expect(page.getByRole('listitem', { name: 'Salesforce sync' })).toContainText('Installed');
      await expectNoAxeViolations(page, `integrations (${theme}, ${width} px)`);
    });

    test('a search result opened to its details has no axe violations', async ({ page }) => {
      await signInAs(page, users.bob);
      await seedInstallation(page, users.bob);
      await openPage(page, '/search');
      const box = page.locator('[data-scope="search-box"]');
      await box.getByRole('button', { name: 'Search', exact: true }).click();
      await box
        .getByRole('button', { name: /Show details/ })
        .first()
        .click();
      // The fields in words, and the provider's raw answer unfolded beneath them.
      await expect(box.getByRole('heading', { name: 'All fields' })).toBeVisible();
      await box.getByText('As the provider returns it').first().click();
      await expect(box.locator('[data-part="details"]').first()).toBeVisible();
      await expectNoAxeViolations(page, `search result details (${theme}, ${width} px)`);
    });
  });
}

// The second locale: German words are longer (buttons, captions, cards wrap differently) and the
// components carry other labels, so the main pages are judged again in German at both widths.
for (const width of [1280, 390] as const) {
  test.describe(`in German at ${width} px`, () => {
    test.use({ colorScheme: 'light', viewport: { width, height: 900 } });

    test('the main pages of a signed-in user have no axe violations', async ({ page }) => {
      // Chosen as the header's language select stores it, before the app reads it.
      await page.addInitScript(() => window.localStorage.setItem('northwind-locale', 'de'));
      await signInAs(page, users.bob);
      await seedInstallation(page, users.bob);

      await openPage(page, '/install');
      const wizard = page.locator('[data-scope="installation-wizard"]');
      await expect(wizard.getByRole('heading', { name: /ist installiert/ })).toBeVisible();
      await expectNoAxeViolations(page, `install (German, ${width} px)`);

      await openPage(page, '/installation');
      await expect(
        page.locator('[data-scope="sync-status"]').getByRole('heading', { name: 'Synchronisierungsstatus' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `installation (German, ${width} px)`);

      await openPage(page, '/search');
      const box = page.locator('[data-scope="search-box"]');
      await box.getByRole('button', { name: 'Suchen', exact: true }).click();
      await expect(box.getByRole('table')).toBeVisible();
      await expectNoAxeViolations(page, `search with results (German, ${width} px)`);

      await openPage(page, '/team');
      const field = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
      await field.fill('keine Adresse');
      await page.getByRole('button', { name: 'Einladung senden' }).click();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page, `team with a field error (German, ${width} px)`);
    });
  });
}
