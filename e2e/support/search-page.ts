import type { Locator, Page } from '@playwright/test';
import { seedInstallation } from './seed-installation.js';
import { openPage, signInAs } from './session.js';
import { users } from './users.js';

/**
 * bob@globex's search page at `width` px, with his installation seeded: where the specs about the search
 * box's layout start. Answers the search box.
 */
export async function searchPageAt(page: Page, width: number): Promise<Locator> {
  await page.setViewportSize({ width, height: 900 });
  await signInAs(page, users.bob);
  await seedInstallation(page, users.bob);
  await openPage(page, '/search');
  return page.locator('[data-scope="search-box"]');
}
