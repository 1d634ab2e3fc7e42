import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { openWizard } from '../support/wizard.js';

// A hint is only help if it can be read whole: at 390 px the hint inside the type-or-pick box of a mapping
// ("Type or pick a HubSpot field" for Acme's HubSpot) must not be cut off.
test.use({ baseURL: servers.neverInstalls.url });

/** Each visible text field whose placeholder is wider than the room inside it: text, and both widths. */
function cutPlaceholders(page: Page) {
  return page.evaluate(() => {
    const measure = document.createElement('canvas').getContext('2d');
    if (!measure) throw new Error('no canvas');
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      const width = measure.measureText(input.placeholder).width;
      if (width > room) cut.push(`"${input.placeholder}": ${Math.ceil(width)} px in ${Math.floor(room)} px`);
    }
    return cut;
  });
}

test('every hint inside a field of the wizard shows whole at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAs(page, users.alice);
  const wizard = await openWizard(page);
  await wizard.getByRole('button', { name: 'Next' }).click();
  const mapping = wizard.getByRole('combobox', { name: 'Pipeline stage' });
  await expect(mapping).toHaveAttribute('placeholder', 'Type or pick a HubSpot field');
  expect(await cutPlaceholders(page)).toEqual([]);
  // Nothing scrolls sideways either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
