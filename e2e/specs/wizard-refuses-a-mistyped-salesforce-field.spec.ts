import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { openCrmWizard, salesforce } from './crm.shared.js';

// Walks the wizard without installing: Globex's group must stay uninstalled on this demo.
test.use({ baseURL: servers.neverInstalls.url });

test('a mistyped Salesforce field is refused on its step; corrected, its picklist is offered, and reload, Back and Forward keep it', async ({
  page,
}) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAs(page, users.bob);
  const wizard = await openCrmWizard(page, salesforce);
  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  const stage = step.getByRole('combobox', { name: 'Pipeline stage' });

  // A typo of LeadSource: Next refuses, naming what is wrong on the field itself.
  await stage.fill('LeadSorce');
  await wizard.getByRole('button', { name: 'Next' }).click();
  const notAField = step.getByText('Choose a field from the list: “LeadSorce” is not a field of Contacts.');
  await expect(notAField).toBeVisible();
  await expect(step).toHaveAccessibleName(/Read Contacts$/);
  await expect(page).toHaveURL(/step=read%3AContact$/);
  const stageValues = step.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await expect(stageValues.getByRole('rowheader')).toHaveCount(0);

  // Corrected: Salesforce's Lead Source picklist, value by value, to match.
  await stage.fill('LeadSource');
  await expect(notAField).toBeHidden();
  await expect(stageValues.getByRole('rowheader')).toHaveText([
    'Web',
    'Phone Inquiry',
    'Partner Referral',
    'Purchased List',
    'Other',
  ]);
  await stageValues.getByRole('combobox', { name: 'Partner Referral' }).selectOption('won');

  // A reload comes back to the step as corrected, the field shown by its label.
  await page.reload();
  await expect(step).toHaveAccessibleName(/Read Contacts$/);
  await expect(stage).toHaveValue('Lead Source');
  await expect(stageValues.getByRole('combobox', { name: 'Partner Referral' })).toHaveValue('won');

  // Back and Forward move between the steps, keeping it.
  await page.goBack();
  await expect(step).toHaveAccessibleName(/Objects$/);
  await page.goForward();
  await expect(step).toHaveAccessibleName(/Read Contacts$/);
  await expect(stage).toHaveValue('Lead Source');
  await nextTo(wizard, 'Read Accounts');
});
