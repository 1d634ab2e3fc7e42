import { expect, type Page, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// Globex is otherwise untouched on this demo. Breaking a connection acts on the whole emulated account,
// which other companies on this server use: that part is the reconnect spec's, on the `accounts` server.
test.use({ baseURL: servers.connects.url });

/** The Activity panel keeps inside the page's width: nothing scrolls sideways. */
async function fitsTheScreen(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const panel = page.getByRole('region', { name: 'Activity' });
  await panel.scrollIntoViewIfNeeded();
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await panel.screenshot({ path: test.info().outputPath(`activity-${width}.png`) });
}

test("bob@globex's Activity panel says, in words and with times, that Globex installed its sync, and fits a 1280 and a 390 px screen", async ({
  page,
}) => {
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/installation');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByText('Globex installed Salesforce sync.')).toBeVisible({ timeout: 20_000 });
  await expect(activity.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(activity.locator('time').first()).toHaveText(/just now|ago/);

  await fitsTheScreen(page, 1280);
  await fitsTheScreen(page, 390);
});

test("another company's activity is not shown: alice@acme sees none of Globex's", async ({ page }) => {
  await signInAs(page, users.alice);
  await openPage(page, '/installation');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity).toBeVisible();
  await expect(activity).not.toContainText('Globex');
  const own = await page.request.get('/demo/activity');
  expect(own.status()).toBe(200);
  for (const item of ((await own.json()) as { items: Array<{ text: string }> }).items) {
    expect(item.text).not.toContain('Globex');
  }
});
