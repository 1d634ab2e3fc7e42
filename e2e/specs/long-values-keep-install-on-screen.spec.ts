import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { hubspot, openCrmWizard } from './crm.shared.js';

// Walks to the review without installing: alice@acme's group must stay uninstalled.
test.use({ baseURL: servers.neverInstalls.url });

async function toWriteContacts(page: Page): Promise<Locator> {
  const wizard = await openCrmWizard(page, hubspot);
  const step = currentStep(wizard);
  await step
    .getByRole('group', { name: /Records to write/ })
    .getByRole('checkbox', { name: 'Contacts' })
    .check();
  await nextTo(wizard, 'Read Contacts');
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
  await nextTo(wizard, 'Read Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Write Contacts');
  return wizard;
}

for (const width of [1280, 390]) {
  test(`a long default value wraps and keeps Install on screen at ${width} px; one past the schema's limit is refused`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, users.alice);
    const wizard = await toWriteContacts(page);
    const step = currentStep(wizard);
    await step.getByRole('combobox', { name: 'Field to set a default for' }).selectOption({ label: 'Email' });
    await step.getByRole('button', { name: 'Add default' }).click();
    const value = step.getByRole('textbox', { name: 'Default for Email' });

    // 3,000 characters: more than the schema's 2,048. Refused on the step, kept whole, focused.
    await value.fill('x'.repeat(3_000));
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(step).toHaveAccessibleName(/Write Contacts$/);
    await expect(step.getByText('Use at most 2,048 characters (this has 3,000).')).toBeVisible();
    await expect(value).toBeFocused();
    await expect(value).toHaveValue('x'.repeat(3_000));

    // 2,000 characters without a space: allowed, and the review wraps it instead of widening the page.
    await value.fill('y'.repeat(2_000));
    await nextTo(wizard, 'Proxy');
    await nextTo(wizard, 'Review and install');
    await expect(step).toContainText('y'.repeat(2_000));
    const install = wizard.getByRole('button', { name: 'Install' });
    const box = await install.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
