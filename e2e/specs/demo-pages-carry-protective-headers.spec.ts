import { expect, test } from '@playwright/test';
import { devServerDemo, servers } from '../support/servers.js';
import { users } from '../support/users.js';

const { url } = servers.shared;

/** The same page, as a production build serves it and as Vite's dev server does. */
const ways = [
  { name: 'the production build', baseURL: url },
  { name: "Vite's dev server", baseURL: servers[devServerDemo].url },
];

/** The nonce a Content-Security-Policy names for scripts. */
const scriptNonce = (policy: string) => /script-src [^;]*'nonce-([^']+)'/.exec(policy)?.[1];

for (const way of ways) {
  test.describe(`served by ${way.name}`, () => {
    test.use({ baseURL: way.baseURL });

    test('the app page sends a nonce policy that refuses framing, and the nosniff, frame and referrer headers', async ({
      request,
    }) => {
      const first = await request.get('/', { headers: { Accept: 'text/html' } });
      const second = await request.get('/', { headers: { Accept: 'text/html' } });
      for (const answer of [first, second]) {
        const headers = answer.headers();
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['referrer-policy']).toBe('same-origin');
        expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(headers['content-security-policy']).toContain("object-src 'none'");
        expect(headers['content-security-policy']).not.toContain('unsafe-inline');
        // Every script and style tag Vite generated carries this answer's nonce, and only that one.
        const nonce = scriptNonce(headers['content-security-policy'] ?? '');
        expect(nonce).toBeTruthy();
        const html = await answer.text();
        expect(html).toContain(`nonce="${nonce}"`);
        expect(html).not.toContain('SPLICE_CSP_NONCE_PLACEHOLDER');
      }
      expect(scriptNonce(first.headers()['content-security-policy']!)).not.toBe(
        scriptNonce(second.headers()['content-security-policy']!),
      );
      // The sign-in and BFF routes refuse framing and sniffing too (their own headers where they set them).
      const session = await request.get('/demo/session');
      expect(session.headers()['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(session.headers()['x-content-type-options']).toBe('nosniff');
    });

    test('the app runs under its policy: signing in and reloading raise no violation', async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      const user = users.alice;
      await page.goto('/');
      await page.getByRole('radio', { name: new RegExp(user.id) }).check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      // Styles came through: the page is laid out by its stylesheet, not the browser's defaults.
      const bodyMargin = await page.evaluate(() => getComputedStyle(document.body).margin);
      expect(bodyMargin).toBe('0px');
      expect(violations).toEqual([]);
    });
  });
}

test('the production build serves its own files only: no source, nothing beside it in the data folder', async ({
  request,
}) => {
  const page = await request.get(`${url}/`, { headers: { Accept: 'text/html' } });
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(`${url}${script}`);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['content-type']).toContain('text/javascript');
  expect(asset.headers()['cache-control']).toContain('immutable');
  // The build lies in the demo's data folder, beside the service's database.
  for (const path of ['/src/main.tsx', '/%2e%2e/splice.db', '/..%2fsplice.db', '/.%2e/splice.db']) {
    expect((await request.get(`${url}${path}`)).status(), path).toBe(404);
  }
});

test('another page cannot frame the app (its Connect and Uninstall buttons under a decoy)', async ({
  page,
}) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) refusals.push(message.text());
  });
  await page.setContent(`<iframe src="${url}/" width="800" height="600"></iframe>`);
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  // The frame holds the browser's error page, not the app.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe').getByText('Sign in to Northwind Pipeline')).toHaveCount(0);
});

test("the dev server's CORS answers only the demo's own origin", async ({ request }) => {
  const { url } = servers[devServerDemo];
  const foreign = await request.get(`${url}/src/main.tsx`, { headers: { Origin: 'http://localhost:5999' } });
  expect(foreign.status()).toBe(200);
  expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();
  const own = await request.get(`${url}/src/main.tsx`, { headers: { Origin: url } });
  expect(own.headers()['access-control-allow-origin']).toBe(url);
});
