import { expect, test } from '@playwright/test';
import { users } from '../support/users.js';
import { crmSearchPageAt, hubspot, salesforce } from './crm.shared.js';

// Results once overflowed their card at 1280 px and scrolled sideways once details opened, "Show details"
// wrapped onto three lines, at 390 px the table showed 4 of 10 columns and its caption took three lines.
// Each CRM's contacts, in its own field names: Acme's HubSpot and Globex's Salesforce.
// A search through the connector and a layout check of every cell: on a loaded 2-core machine that can pass
// 30 s. The timeout is a guard against hanging, not a speed goal.
test.describe.configure({ timeout: 60_000 });

const companies = [
  { user: users.alice, crm: hubspot },
  { user: users.bob, crm: salesforce },
];

for (const { user, crm } of companies) {
  for (const width of [1280, 390]) {
    test(`${crm.providerName} search results fit a ${width} px screen, with details open`, async ({
      page,
    }) => {
      const box = await crmSearchPageAt(page, width, user, crm);
      await box.getByRole('button', { name: 'Search', exact: true }).click();
      const table = box.getByRole('table', { name: 'Results for Contacts' });
      await expect(table).toBeVisible();
      const toggle = table.getByRole('button', { name: /^Show details of / }).first();
      await toggle.click();
      await expect(table.getByRole('button', { name: /^Hide details of / }).first()).toBeVisible();

      // Nothing scrolls sideways: neither the page nor the results region.
      const region = box.locator('[data-part="table-scroll"]');
      const [regionScroll, regionWidth] = await region.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(regionScroll).toBeLessThanOrEqual(regionWidth);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The details button is one line high.
      const button = table.getByRole('button', { name: /^Hide details of / }).first();
      const lineHeight = await button.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      const box1 = await button.boundingBox();
      expect(box1?.height ?? 0).toBeLessThan(lineHeight * 2);

      // The caption reads on one line where it fits: on the narrow screen's cards it once took a line a word.
      const caption = table.locator('caption');
      const captionLine = await caption.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      expect((await caption.boundingBox())?.height ?? 0).toBeLessThan(captionLine * 2);

      // Every field column of a record is visible, as a card on the narrow screen.
      const firstRow = table.getByRole('row').nth(1);
      for (const cell of await firstRow.getByRole('cell').all()) await expect(cell).toBeInViewport();
    });
  }
}
