import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// Walking the demo at 390 px: the main navigation scrolled sideways inside its bar with no sign that it
// did, so "Team" lay wholly beyond the screen's edge, even on the Team page itself, where it is current.
test('at 390 px every link of the main navigation is on screen, the current one included', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, users.carol);
  await openPage(page, '/team');
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links).toHaveCount(6);
  for (const link of await links.all()) {
    // Whole, not clipped by a scrolling bar: the intersection is taken after every ancestor's clip.
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
