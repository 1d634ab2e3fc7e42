import type { Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { seedInstallation } from '../support/seed-installation.js';
import { credentials } from '../support/servers.js';
import { openPage } from '../support/session.js';
import { users } from '../support/users.js';

test('no response, script or storage the browser gets holds the API key or the bearer token', async ({
  page,
}) => {
  const secrets = [credentials.apiKey, credentials.authToken];
  const scanned: { url: string; type: string; bytes: number }[] = [];
  const leaks: string[] = [];
  const pending: Promise<void>[] = [];
  const scan = async (response: Response) => {
    // Redirects and aborted loads have no body to read.
    const body = await response.body().catch(() => undefined);
    const headers = JSON.stringify(await response.allHeaders());
    const text = `${headers}\n${body?.toString('utf8') ?? ''}`;
    scanned.push({
      url: response.url(),
      type: response.headers()['content-type'] ?? '',
      bytes: body?.length ?? 0,
    });
    for (const secret of secrets) if (text.includes(secret)) leaks.push(response.url());
  };
  const scanEach = (response: Response) => {
    pending.push(scan(response));
  };
  page.on('response', scanEach);

  // Signed out, the sign-in page; then, signed in through it, every page and every kind of BFF call.
  await page.goto('/');
  await page.getByRole('radio', { name: /bob@globex/ }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText(users.bob.name)).toBeVisible();
  await seedInstallation(page, users.bob);
  // The page read the integration before the installation was seeded: load it again so search has an object to search.
  await page.reload();
  for (const path of ['/install', '/installation', '/search', '/team']) await openPage(page, path);

  const box = page.locator('[data-scope="search-box"]');
  await openPage(page, '/search');
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(box.getByRole('status')).toHaveText(/found|No records|The first \d+ matches/);
  await openPage(page, '/team');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`leakcheck.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.locator('[data-scope="invite-form"] [data-part="badge"]')).toBeVisible();

  // The page's polls go on answering: a scan begun after this wait could still be reading its response
  // when the test closes the page. Every response up to the last step is scanned, and waited for here.
  page.off('response', scanEach);
  await Promise.all(pending);
  const storage = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    cookie: document.cookie,
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
  }));

  // The scan must have seen the app's code (the bundle a build ships, React and the components in it) and
  // the BFF's answers, or it proves nothing.
  const scripts = scanned.filter((r) => r.type.includes('javascript'));
  expect(scripts.reduce((bytes, r) => bytes + r.bytes, 0)).toBeGreaterThan(300_000);
  expect(
    scanned.some((r) => r.url.endsWith('/api/integrations/salesforce-sync') && r.type.includes('json')),
  ).toBe(true);
  expect(scanned.some((r) => r.url.endsWith('/api/invites'))).toBe(true);
  expect(leaks).toEqual([]);
  for (const secret of secrets) expect(JSON.stringify(storage)).not.toContain(secret);
  // The session cookie is HttpOnly: scripts on the page cannot read it either.
  expect(storage.cookie).not.toContain('demo_session');
});
