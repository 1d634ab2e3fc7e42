import { expect, test } from '@playwright/test';
import { users } from '../support/users.js';
import { crmSearchPageAt, salesforce } from './crm.shared.js';

// Walking the demo: on "Find records" the Object select touched the "Conditions" legend below it, and
// "Add condition" touched "Search", at 1280 and at 390 px: the form's parts had no space between them.
for (const width of [1280, 390]) {
  test(`the search form's parts are spaced apart at ${width} px`, async ({ page }) => {
    const box = await crmSearchPageAt(page, width, users.bob, salesforce);
    await box.getByRole('button', { name: 'Add condition' }).click();
    const objectBox = await box.getByRole('combobox', { name: 'Object', exact: true }).boundingBox();
    const conditions = await box.getByRole('group', { name: /^Conditions/ }).boundingBox();
    const add = await box.getByRole('button', { name: 'Add condition' }).boundingBox();
    const search = await box.getByRole('button', { name: 'Search', exact: true }).boundingBox();
    if (!objectBox || !conditions || !add || !search) throw new Error('a part of the form is not shown');
    expect(conditions.y - (objectBox.y + objectBox.height)).toBeGreaterThanOrEqual(8);
    expect(search.y - (add.y + add.height)).toBeGreaterThanOrEqual(8);
  });
}
