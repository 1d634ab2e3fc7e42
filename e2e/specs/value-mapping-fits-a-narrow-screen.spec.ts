import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { hubspot, openCrmWizard } from './crm.shared.js';

// Walking the wizard at 390 px: in "Match the values of Funnel stage", whose HubSpot values are long
// ("Marketing Qualified Lead"), the selects took the table's width and Northwind's values were broken
// letter by letter ("Mar / keti / ng / qua / lifie / d"), the column header too ("You / r / val / ue").
test.use({ baseURL: servers.neverInstalls.url });

test('at 390 px the value-mapping tables break your values between words, never inside one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, users.alice);
  const wizard = await openCrmWizard(page, hubspot);
  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
  const funnel = step.getByRole('group', { name: 'Match the values of Funnel stage' });
  // One row per CRM value: the longest, of three words, must wrap between them on a phone.
  await expect(
    funnel.getByRole('rowheader', { name: 'Marketing Qualified Lead', exact: true }),
  ).toBeVisible();

  // Each header cell of every value table, as lines drawn against words written.
  const cells = await step.locator('table th').evaluateAll((ths) =>
    ths.map((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const text = (th.textContent ?? '').trim();
      return { text, words: text.split(/\s+/).length, lines: tops.size };
    }),
  );
  expect(cells.map((cell) => cell.text)).toContain('Marketing Qualified Lead');
  for (const cell of cells) expect(cell.lines, cell.text).toBeLessThanOrEqual(cell.words);
  // And the selects stay inside the screen.
  for (const select of await funnel.getByRole('combobox').all()) {
    const box = await select.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box)).toBe(true);
  }
  // And each shows its whole choice: a select squeezed by long CRM values cut "Not mapped" to "Not mapp".
  const clipped = await funnel.getByRole('combobox').evaluateAll((selects) =>
    selects.flatMap((element) => {
      const select = element as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return ['no canvas'];
      context.font = style.font;
      const text = select.selectedOptions[0]?.textContent ?? '';
      // The drop-down arrow takes about a letter's height of the width beside the text.
      const arrow = Number.parseFloat(style.fontSize);
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        arrow;
      return context.measureText(text).width > room ? [text] : [];
    }),
  );
  expect(clipped).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
