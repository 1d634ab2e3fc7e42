import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { DemoUser } from './users.js';

/**
 * Signs in the way a script does (`POST /demo/sign-in`); the page's request context shares the browser's
 * cookies, so the page is signed in too. Specs about the sign-in page itself use the page instead.
 */
export async function signInAs(page: Page, user: DemoUser): Promise<void> {
  const response = await page.request.post('/demo/sign-in', { data: { user: user.id } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens a page of the app (`/install`, `/installation`, `/search`, `/team`) and waits for its heading. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}
