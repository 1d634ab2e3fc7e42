import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { hubspot, openCrmWizard } from './crm.shared.js';

// A demo where nothing is ever installed: the spec needs alice@acme's group uninstalled.
test.use({ baseURL: servers.neverInstalls.url });

test("the server's validation error lands on the field it names, with nothing typed lost", async ({
  page,
}) => {
  await signInAs(page, users.alice);
  const wizard = await openCrmWizard(page, hubspot);
  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
  await step.getByRole('combobox', { name: /Priority score/ }).fill('hubspotscore');
  // The wizard refuses a value past the schema's 2,048 characters itself, so to meet the server's own
  // check this spec sends what a client without that check would: the value the user typed is swapped
  // for an over-long one on its way out (the demo, the BFF and the service are real).
  const typed = 'ok@example.com';
  await step.getByRole('button', { name: 'Add condition' }).click();
  await step.getByRole('combobox', { name: 'Field 1' }).selectOption('email');
  await step.getByRole('textbox', { name: 'equals (1)' }).fill(typed);
  await page.route(`**/api/integrations/${hubspot.integration}/installations`, async (route) => {
    const body = route.request().postDataJSON();
    body.config.content.read.objects.contacts.fieldFilters[0].value = `${'x'.repeat(2_049)}@example.com`;
    await route.continue({ postData: JSON.stringify(body) });
  });

  await nextTo(wizard, 'Read Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  const refused = page.waitForResponse((r) => r.url().endsWith('/installations'));
  await step.getByRole('button', { name: 'Install' }).click();
  const response = await refused;
  expect(response.status()).toBe(400);
  expect((await response.json()).issues).toEqual([
    expect.objectContaining({ name: 'config.content.read.objects.contacts.fieldFilters[0].value' }),
  ]);

  // The wizard goes back to the step that holds the field and puts the server's message on it.
  await expect(step).toHaveAccessibleName(/Read Contacts$/);
  const value = step.getByRole('textbox', { name: 'equals (1)' });
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  await expect(step.getByText('Must be at most 2,048 characters.')).toBeVisible();
  // Focus is put in the refused condition's row (the input sits directly in it), ready to fix it.
  await expect
    .poll(() => value.evaluate((input) => input.parentElement?.contains(document.activeElement) ?? false))
    .toBe(true);
  // Nothing typed is lost: the value, the field and the mappings are as the user left them.
  await expect(value).toHaveValue(typed);
  await expect(step.getByRole('combobox', { name: 'Field 1' })).toHaveValue('email');
  await expect(step.getByRole('combobox', { name: 'Pipeline stage' })).toHaveValue('Lead Status');
  await expect(step.getByRole('combobox', { name: /Priority score/ })).toHaveValue('HubSpot Score');
  await expect(
    wizard.getByRole('navigation', { name: 'Setup progress' }).locator('[data-invalid]'),
  ).toHaveCount(1);
});
