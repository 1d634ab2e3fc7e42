import { expect, test } from '@playwright/test';
import { users } from '../support/users.js';

for (const user of Object.values(users)) {
  test(`${user.id} signs in on the sign-in page and sees which company Splice acts for`, async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Pipeline' }),
    ).toBeVisible();

    // Every choice names its company and group, so the scoping is visible before signing in.
    const choice = page.getByRole('radio', { name: new RegExp(user.id) });
    await expect(choice).toHaveAccessibleName(new RegExp(`${user.company} · group ${user.groupRef}`));
    await choice.check();
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The form went away with the sign-in: focus starts on the first page's heading, not on the body.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const banner = page.getByRole('banner');
    await expect(banner.getByText(user.name)).toBeVisible();
    await expect(banner.getByText(`${user.company} · group ${user.groupRef}`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // The session is the server's, in an HttpOnly cookie: a reload keeps the user signed in.
    const session = await (await page.request.get('/demo/session')).json();
    expect(session.user).toMatchObject({ id: user.id, groupRef: user.groupRef, orgId: 'org-demo' });
    await page.reload();
    await expect(page.getByRole('banner').getByText(user.name)).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Pipeline' }),
    ).toBeVisible();
    expect((await (await page.request.get('/demo/session')).json()).user).toBeNull();
  });
}
