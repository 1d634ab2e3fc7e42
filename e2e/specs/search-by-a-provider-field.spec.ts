import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { hubspot, openCrmSearch, salesforce, seedCrmInstallation } from './crm.shared.js';

interface SearchAnswer {
  results: Array<{ id: string | null; fields: Record<string, unknown>; raw: Record<string, unknown> }>;
}

// A contact's country in each CRM's own field: HubSpot's `country`, Salesforce's `MailingCountry`.
const cases = [
  { user: users.alice, crm: hubspot, country: 'country' },
  { user: users.bob, crm: salesforce, country: 'MailingCountry' },
];

for (const { user, crm, country } of cases) {
  test(`searching ${crm.providerName} contacts by a CRM field (${country} = FR) lists only French contacts`, async ({
    page,
  }) => {
    await signInAs(page, user);
    await seedCrmInstallation(page, crm);
    const box = await openCrmSearch(page, crm);

    await expect(box.getByRole('combobox', { name: 'Object' })).toHaveValue(crm.contacts);
    await box.getByRole('button', { name: 'Add condition' }).click();
    await box.getByLabel('Field', { exact: true }).selectOption(country);
    await box.getByLabel('Value', { exact: true }).fill('FR');

    const answered = page.waitForResponse((r) =>
      r.url().endsWith(`/api/integrations/${crm.integration}/search`),
    );
    await box.getByRole('button', { name: 'Search', exact: true }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      objectName: crm.contacts,
      fieldFilters: [{ fieldName: country, operator: 'eq', value: 'FR' }],
    });
    const { results } = (await response.json()) as SearchAnswer;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.fields[country]).toBe('FR');

    // A full page is "the first 100 matches" (a limit), fewer are a count.
    await expect(box.getByRole('status')).toHaveText(
      results.length >= 100 ? 'The first 100 matches' : /records? found/,
    );
    const rows = box.getByRole('table').locator('tbody tr:not([hidden])');
    await expect(rows).toHaveCount(results.length);
    await expect(rows.first().getByRole('rowheader')).toHaveText(String(results[0]?.id));

    // Each row opens to the record as the CRM returns it.
    await rows
      .first()
      .getByRole('button', { name: /Show details/ })
      .click();
    await expect(box.locator('[data-part="details"]').last()).toContainText(`"${country}": "FR"`);
  });
}
