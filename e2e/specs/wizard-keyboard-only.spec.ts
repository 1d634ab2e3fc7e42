import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, openWizard } from '../support/wizard.js';

// Dozens of Tab presses, each awaited: a guard against hanging, not a speed goal.
test.describe.configure({ timeout: 90_000 });

// A demo of its own: this spec needs bob@globex's group before anything is installed.
test.use({ baseURL: servers.installs.url });

/** Presses Tab (and nothing else) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 120): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('the wizard can be completed with the keyboard alone', async ({ page }) => {
  await signInAs(page, users.bob);
  const wizard = await openWizard(page);
  const step = currentStep(wizard);
  const next = wizard.getByRole('button', { name: 'Next' });

  // The history for every object, by keyboard: arrow keys move within the radio group.
  const history = step.getByRole('group', { name: 'Past records to read first, for every object' });
  const fullHistory = history.getByRole('radio', { name: /^Full history/ });
  await tabTo(page, history.getByRole('radio', { name: /^Recent history/ }));
  await page.keyboard.press('ArrowDown');
  await expect(fullHistory).toBeChecked();

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(step).toHaveAccessibleName(/Read Contacts$/);

  const stage = step.getByRole('combobox', { name: 'Pipeline stage' });
  await tabTo(page, stage);
  await page.keyboard.type('status');

  for (const title of ['Read Companies', 'Read Deals', 'Proxy', 'Review and install']) {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(step).toHaveAccessibleName(new RegExp(`${title}$`));
  }
  await expect(step).toContainText('the full history');

  const install = step.getByRole('button', { name: 'Install' });
  await tabTo(page, install);
  await page.keyboard.press('Enter');
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  const installation = (await (await page.request.get('/api/integrations/crm-sync')).json()).installation;
  expect(installation.config.content.read.objects.contacts.selectedFieldMappings.stage).toBe('status');
  for (const object of ['contacts', 'companies', 'deals']) {
    expect(installation.config.content.read.objects[object].backfill).toEqual({
      defaultPeriod: { fullHistory: true },
    });
  }
});
