import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { users } from '../support/users.js';
import { crmSearchPageAt, salesforce } from './crm.shared.js';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('a part of the condition row is not shown');
  return box;
}

const sideBySide = (a: Box, b: Box) => a.y < b.y + b.height && b.y < a.y + a.height;

// Walking the demo: when a condition showed "Choose a field.", its Value input and Remove button dropped
// below the Field select (the row aligned its parts' ends, and the error lengthened one of them).
for (const width of [1280, 390]) {
  test(`a condition's controls stay level whether or not an error shows, at ${width} px`, async ({
    page,
  }) => {
    const box = await crmSearchPageAt(page, width, users.bob, salesforce);
    await box.getByRole('button', { name: 'Add condition' }).click();
    await box.getByRole('button', { name: 'Add condition' }).click();
    const rows = box.getByRole('group', { name: /^Condition \d/ });
    // Condition 1 has a value but no field; condition 2 is complete, so only condition 1 shows an error.
    await rows.nth(0).getByRole('textbox', { name: 'Value' }).fill('x');
    await rows.nth(1).getByRole('combobox', { name: 'Field' }).selectOption({ index: 1 });
    await rows.nth(1).getByRole('textbox', { name: 'Value' }).fill('x');
    await box.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(rows.nth(0).getByText('Choose a field.')).toBeVisible();
    await expect(rows.nth(1).locator('[data-part="error"]:not(:empty)')).toHaveCount(0);

    const layouts: Box[][] = [];
    for (const index of [0, 1]) {
      const row = rows.nth(index);
      const controls = [
        await boxOf(row.getByRole('combobox', { name: 'Field' })),
        await boxOf(row.getByRole('textbox', { name: 'Value' })),
        await boxOf(row.getByRole('button', { name: /^Remove condition/ })),
      ];
      // Controls that share a line start level: none is pushed down by an error beside it.
      for (const [a, b] of [
        [0, 1],
        [0, 2],
        [1, 2],
      ] as const) {
        const [first, second] = [controls[a] as Box, controls[b] as Box];
        if (sideBySide(first, second)) expect(Math.abs(first.y - second.y)).toBeLessThanOrEqual(1);
      }
      layouts.push(controls);
    }
    const [withError, without] = layouts as [Box[], Box[]];
    const [field, value, remove] = withError as [Box, Box, Box];
    if (width >= 1280) {
      // Wide: the three sit on one line, at the same offsets with and without the error.
      expect(sideBySide(field, value) && sideBySide(value, remove)).toBe(true);
      for (const index of [1, 2]) {
        const shiftWith = (withError[index] as Box).y - field.y;
        const shiftWithout = (without[index] as Box).y - (without[0] as Box).y;
        expect(Math.abs(shiftWith - shiftWithout)).toBeLessThanOrEqual(1);
      }
    } else {
      // Narrow: they stack, left-aligned, each below the one before (the error between them, not over).
      expect(Math.abs(value.x - field.x)).toBeLessThanOrEqual(1);
      expect(Math.abs(remove.x - field.x)).toBeLessThanOrEqual(1);
      const error = await boxOf(rows.nth(0).getByText('Choose a field.'));
      expect(error.y).toBeGreaterThanOrEqual(field.y + field.height);
      expect(value.y).toBeGreaterThanOrEqual(error.y + error.height);
      expect(remove.y).toBeGreaterThanOrEqual(value.y + value.height);
    }
  });
}
