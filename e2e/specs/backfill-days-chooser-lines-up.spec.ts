import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

// Nothing is installed here: alice@acme's group stays uninstalled for the other specs.
test.use({ baseURL: servers.neverInstalls.url });

// Walking the demo: "How many days" under Recent history sat in a grey box with its own indent, the
// browser's default look of a fieldset, unlike everything else in the picker.
for (const width of [1280, 390]) {
  test(`the days chooser has no box of its own and lines up with the options, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, users.alice);
    await openPage(page, '/install');
    const quick = page.locator('form.nw-quick-setup');
    await quick.getByRole('radio', { name: /Recent history/ }).check();
    const days = quick.getByRole('group', { name: 'How many days' });
    await expect(days).toBeVisible();
    expect(await days.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('none');
    // Its radios start where the option labels above them start ("Recent history").
    const optionLabel = await quick.getByText('Recent history', { exact: true }).boundingBox();
    const firstDays = await days.getByRole('radio').first().boundingBox();
    if (!optionLabel || !firstDays) throw new Error('the picker is not shown');
    expect(Math.abs(firstDays.x - optionLabel.x)).toBeLessThanOrEqual(4);
  });
}
