import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { hubspot, openCrmSearch, salesforce, seedCrmInstallation } from './crm.shared.js';

interface SearchAnswer {
  results: Array<{ fields: Record<string, unknown>; mappedFields: Record<string, unknown> }>;
}

// Each company's recommended installation maps Northwind's `stage` to its CRM's picklist, `won` to the
// CRM's value for a customer: HubSpot's lead status CONNECTED, Salesforce's lead source Partner Referral.
const cases = [
  { user: users.alice, crm: hubspot, field: 'hs_lead_status', customer: 'CONNECTED' },
  { user: users.bob, crm: salesforce, field: 'LeadSource', customer: 'Partner Referral' },
];

for (const { user, crm, field: crmField, customer } of cases) {
  test(`searching ${crm.providerName} contacts by a mapped field (stage = won) finds the CRM's customers, shown as won`, async ({
    page,
  }) => {
    await signInAs(page, user);
    await seedCrmInstallation(page, crm);
    const box = await openCrmSearch(page, crm);

    await box.getByRole('button', { name: 'Add condition' }).click();
    const field = box.getByLabel('Field', { exact: true });
    // Mapped names are offered first, in their own group.
    await expect(field.locator('optgroup').first()).toHaveAttribute('label', 'Your fields');
    await field.selectOption('stage');
    await box.getByLabel('Value', { exact: true }).selectOption('won');

    const answered = page.waitForResponse((r) =>
      r.url().endsWith(`/api/integrations/${crm.integration}/search`),
    );
    await box.getByRole('button', { name: 'Search', exact: true }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const { results } = (await response.json()) as SearchAnswer;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.fields[crmField]).toBe(customer);
      expect(result.mappedFields.stage).toBe('won');
    }

    // Mapped columns come first, with the app's value, not the CRM's, each by its display name, as the
    // wizard shows them (not `stage` and `won`), under the object's display name.
    const table = box.getByRole('table', { name: 'Results for Contacts' });
    const stageColumn = table.getByRole('columnheader', { name: 'Pipeline stage', exact: true });
    await expect(stageColumn).toHaveAttribute('data-source', 'mapped');
    await expect(table.getByRole('columnheader', { name: 'stage', exact: true })).toHaveCount(0);
    const firstRow = table.locator('tbody tr:not([hidden])').first();
    // `won` is shown as the Value list names it: "Customer", the app value's display name.
    await expect(firstRow.locator('td[data-label="Pipeline stage"]')).toHaveText('Customer');
    await expect(firstRow.getByRole('cell').filter({ hasText: /^won$/ })).toHaveCount(0);
  });
}
