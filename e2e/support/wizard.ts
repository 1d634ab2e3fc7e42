import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The installation wizard on the Install page, once it shows its first step. */
export async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/#/install');
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard.locator('form[data-part="step"]')).toBeVisible();
  return wizard;
}

/** The current step's title, e.g. "Read Contacts" (the form is labelled "Step 2 of 6: Read Contacts"). */
export function currentStep(wizard: Locator): Locator {
  return wizard.locator('form[data-part="step"]');
}

/** Presses Next and waits for the step named `title`. */
export async function nextTo(wizard: Locator, title: string): Promise<void> {
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect(currentStep(wizard)).toHaveAccessibleName(new RegExp(`: ${title}$`));
}
