import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo, openWizard } from '../support/wizard.js';

test('the wizard installs with a field mapping, value mapping and backfill choice, and the result is shown', async ({
  page,
}) => {
  // Installing, then waiting for the backfill to deliver what the mapping says.
  test.setTimeout(180_000);
  await signInAs(page, users.alice);
  const wizard = await openWizard(page);
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);

  // History: the last 90 days for every object instead of the manifest's 30, chosen once.
  const history = currentStep(wizard).getByRole('group', {
    name: 'Past records to read first, for every object',
  });
  await history.getByRole('radio', { name: /Recent history/ }).check();
  await history.getByRole('radio', { name: 'Last 90 days' }).check();

  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  // Field mapping: Northwind's pipeline stage is the CRM's lead status.
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('status');
  // Value mapping, each CRM status to one of Northwind's stages (chosen, not left to the suggestion).
  const stageValues = step.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await stageValues.getByRole('combobox', { name: 'Lead' }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Qualified' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Customer' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Churned' }).selectOption('lost');
  // Two lifecycle stages are one funnel stage to Northwind; the rest stay "Not mapped", which the manifest
  // says delivers no funnel stage, and the step says so beside the table.
  const funnelValues = step.getByRole('group', { name: 'Match the values of Funnel stage' });
  await expect(funnelValues).toContainText(
    'Not mapped: a record with that value arrives with no Funnel stage.',
  );
  await funnelValues.getByRole('combobox', { name: 'Marketing Qualified Lead' }).selectOption('mql');
  await funnelValues.getByRole('combobox', { name: 'Customer' }).selectOption('customer');
  await funnelValues.getByRole('combobox', { name: 'Evangelist' }).selectOption('customer');
  await step.getByRole('combobox', { name: /Priority score/ }).fill('score');
  await expect(step).toContainText('Past records: the last 90 days, as for every object.');

  await nextTo(wizard, 'Read Companies');
  // Companies is the exception: no history, said as one.
  const companies = currentStep(wizard);
  await companies.getByRole('button', { name: 'Use a different history for Companies' }).click();
  await companies.getByRole('radio', { name: /No backfill/ }).check();
  await expect(companies).toContainText('Companies: no history instead of the last 90 days');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  const review = currentStep(wizard);
  await expect(review).toContainText('Pipeline stage ← Lead Status');
  await expect(review).toContainText('the last 90 days');

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/integrations/crm-sync/installations') && r.request().method() === 'POST',
  );
  await review.getByRole('button', { name: 'Install' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toBeTruthy();
  const contacts = response.request().postDataJSON().config.content.read.objects.contacts;
  expect(contacts.selectedFieldMappings).toMatchObject({ stage: 'status', priority: 'score' });
  expect(contacts.selectedValueMappings.stage).toEqual({
    new: 'lead',
    working: 'qualified',
    won: 'customer',
    lost: 'churned',
  });
  expect(contacts.selectedValueMappings.funnelStage).toEqual({
    mql: 'marketingqualifiedlead',
    customer: ['customer', 'evangelist'],
  });
  expect(contacts.backfill).toEqual({ defaultPeriod: { days: 90 } });
  const objects = response.request().postDataJSON().config.content.read.objects;
  expect(objects.companies.backfill).toEqual({ defaultPeriod: { days: 0 } });
  expect(objects.deals.backfill).toEqual({ defaultPeriod: { days: 90 } });

  await expect(wizard).toHaveAttribute('data-state', 'installed');
  // By name: the finish screen also holds SyncStatus, whose own status region says what the reads are doing.
  await expect(wizard.getByRole('status', { name: 'CRM sync is installed' })).toBeVisible();

  // The host's page shows what was installed, read back from the BFF.
  await page.getByRole('link', { name: 'See the sync settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CRM sync settings' })).toBeVisible();
  // In the user's words: display names of objects, fields and values, no API names.
  const contactsRead = page.getByRole('region', { name: 'Reads Contacts' });
  const mapping = contactsRead.getByRole('table', { name: 'Field mapping' });
  const stage = mapping.getByRole('row', { name: /^Pipeline stage/ });
  await expect(stage).toContainText('Lead Status');
  // In the review's direction: Northwind's value first, the CRM's it comes from after the arrow.
  await expect(stage).toContainText('Customer ← Customer');
  await expect(stage).toContainText('Working ← Qualified');
  await expect(mapping).not.toContainText('→');
  // The manifest's fixed mapping, listed on the review, is listed here too (the walk found it missing).
  await expect(mapping.getByRole('row', { name: /^Surname/ })).toContainText('Last Name');
  const dealsMapping = page
    .getByRole('region', { name: 'Reads Deals' })
    .getByRole('table', { name: 'Field mapping' });
  await expect(dealsMapping.getByRole('row', { name: /^Deal stage/ })).toContainText('Stage');
  await expect(contactsRead).not.toContainText(/\bstatus\b|← customer|won ←/);
  await expect(page.getByRole('main')).not.toContainText(/sandboxcrm|Installation ID/);
  await expect(contactsRead).toContainText('The last 90 days');
  await expect(page.getByRole('region', { name: 'Reads Companies' })).toContainText(
    'No history, new changes only',
  );
  await expect(page.getByRole('region', { name: 'Reads Deals' })).toContainText('The last 90 days');
  await expect(page.getByText('alice@acme', { exact: true })).toBeVisible();

  // The records delivered to Northwind carry what the mapping and the manifest say: both lifecycle stages
  // of a customer arrive as "customer", and a stage left unmapped arrives as null, not as the CRM's word.
  const expected: Record<string, string> = {
    marketingqualifiedlead: 'mql',
    customer: 'customer',
    evangelist: 'customer',
  };
  const delivered = async () => {
    // Contacts only: the deals' 90-day backfill may arrive later and fill a page of all objects.
    const response = await page.request.get('/demo/records?object=contacts');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { records: DeliveredRecord[] };
    expect(body.records.every((r) => r.objectName === 'contacts')).toBe(true);
    return body.records;
  };
  await expect
    .poll(async () => new Set((await delivered()).map((r) => r.fields.lifecycleStage)).size, {
      timeout: 120_000,
    })
    .toBeGreaterThan(3);
  for (const record of await delivered()) {
    const stage = String(record.fields.lifecycleStage);
    expect(record.mappedFields).toHaveProperty('funnelStage', expected[stage] ?? null);
  }

  // Searching by the funnel stage "Customer" finds the records of both lifecycle stages it stands for,
  // each shown as "Customer".
  await openPage(page, '/search');
  const box = page.locator('[data-scope="search-box"]');
  await box.getByRole('button', { name: 'Add condition' }).click();
  await box.getByLabel('Field', { exact: true }).selectOption('funnelStage');
  await box.getByLabel('Value', { exact: true }).selectOption('customer');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/integrations/crm-sync/search'));
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  expect(answer.request().postDataJSON().fieldFilters).toEqual([
    { fieldName: 'funnelStage', operator: 'eq', value: 'customer' },
  ]);
  const { results } = (await answer.json()) as { results: DeliveredRecord[] };
  expect(new Set(results.map((r) => r.fields.lifecycleStage))).toEqual(new Set(['customer', 'evangelist']));
  for (const result of results) expect(result.mappedFields.funnelStage).toBe('customer');
  const table = box.getByRole('table', { name: 'Results for Contacts' });
  const shown = table.locator('tbody tr:not([hidden]) td[data-label="Funnel stage"]');
  await expect(shown.first()).toBeVisible();
  expect(new Set(await shown.allTextContents())).toEqual(new Set(['Customer']));
});

interface DeliveredRecord {
  objectName: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
}
