import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep } from '../support/wizard.js';
import { connectCrmInThisTab, openCrmWizard, salesforce } from './crm.shared.js';

// Dozens of Tab presses, each awaited: a guard against hanging, not a speed goal.
test.describe.configure({ timeout: 90_000 });

// A demo of its own: this spec needs a group with Salesforce connected and nothing installed.
// carol@initech connects Salesforce first (Acme and Globex install there through the other wizard specs).
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
  await signInAs(page, users.carol);
  await connectCrmInThisTab(page, salesforce);
  const wizard = await openCrmWizard(page, salesforce);
  const step = currentStep(wizard);
  const next = wizard.getByRole('button', { name: 'Next' });

  // The history for every object, by keyboard: arrow keys move within the radio group.
  const history = step.getByRole('group', { name: 'Past records to read first, for every object' });
  const recentHistory = history.getByRole('radio', { name: /^Recent history/ });
  await tabTo(page, history.getByRole('radio', { name: /^Full history/ }));
  await page.keyboard.press('ArrowUp');
  await expect(recentHistory).toBeChecked();

  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(step).toHaveAccessibleName(/Read Contacts$/);

  const stage = step.getByRole('combobox', { name: 'Pipeline stage' });
  await tabTo(page, stage);
  await page.keyboard.type('LeadSource');

  for (const title of ['Read Accounts', 'Read Opportunities', 'Proxy', 'Review and install']) {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(step).toHaveAccessibleName(new RegExp(`${title}$`));
  }
  await expect(step).toContainText('the last 30 days');

  const install = step.getByRole('button', { name: 'Install' });
  await tabTo(page, install);
  await page.keyboard.press('Enter');
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  const installation = (await (await page.request.get(`/api/integrations/${salesforce.integration}`)).json())
    .installation;
  expect(installation.config.content.read.objects.Contact.selectedFieldMappings.stage).toBe('LeadSource');
  for (const object of ['Contact', 'Account', 'Opportunity']) {
    expect(installation.config.content.read.objects[object].backfill).toEqual({
      defaultPeriod: { days: 30 },
    });
  }
});
