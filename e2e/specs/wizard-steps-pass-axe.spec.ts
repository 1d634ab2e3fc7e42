import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.js';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { hubspot, openCrmWizard } from './crm.shared.js';

// A demo where nothing is ever installed: every step is reached without installing.
test.use({ baseURL: servers.neverInstalls.url });

// The scans are independent of one another: let both workers share them.
// axe scans many pages here; on two cores shared with the demo's read engine that can pass 30 s. The
// timeout is a guard against hanging, not a speed goal.
test.describe.configure({ mode: 'parallel', timeout: 90_000 });

for (const theme of ['light', 'dark'] as const) {
  test(`every wizard step has no axe violations, with errors shown (${theme} theme)`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInAs(page, users.alice);
    const wizard = await openCrmWizard(page, hubspot);
    const step = currentStep(wizard);
    await expectNoAxeViolations(page, `objects step (${theme})`);

    // Choose writing contacts too, so the write step is part of the walk.
    await step
      .getByRole('group', { name: /Records to write/ })
      .getByRole('checkbox', { name: 'Contacts' })
      .check();
    await nextTo(wizard, 'Read Contacts');
    // Next without the required mapping: the step refuses, with the error on the field.
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(step.getByRole('combobox', { name: 'Pipeline stage' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoAxeViolations(page, `read contacts step with an error (${theme})`);
    await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
    await step.getByRole('button', { name: 'Add condition' }).click();
    await expectNoAxeViolations(page, `read contacts step, mapped, with a filter row (${theme})`);
    await step.getByRole('button', { name: 'Remove condition 1' }).click();

    for (const title of ['Read Companies', 'Read Deals', 'Write Contacts', 'Proxy', 'Review and install']) {
      await nextTo(wizard, title);
      await expectNoAxeViolations(page, `${title} step (${theme})`);
    }
    await expect(step.getByRole('button', { name: 'Install' })).toBeVisible();
  });
}
