import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { hubspot, openCrmSearch, openCrmWizard, salesforce } from './crm.shared.js';

// The demo whose wizard specs install: Acme installs HubSpot sync, Globex Salesforce sync, each once.
test.use({ baseURL: servers.installs.url });
// The two companies are independent of each other: let both workers share them.
test.describe.configure({ mode: 'parallel' });

interface DeliveredRecord {
  objectName: string;
  fields: Record<string, unknown>;
  mappedFields: Record<string, unknown>;
}

// The emulators' records were last changed in mid-2025: a window of two years reads some of them, and
// only those changed within it.
const historyDays = 730;

/** History: the last `historyDays` days for every object instead of the manifest's full history, chosen once. */
async function chooseRecentHistory(wizard: Locator): Promise<void> {
  const history = currentStep(wizard).getByRole('group', {
    name: 'Past records to read first, for every object',
  });
  await history.getByRole('radio', { name: /Recent history/ }).check();
  await history.getByRole('radio', { name: 'Custom', exact: true }).check();
  await history.getByRole('textbox', { name: 'Number of days' }).fill(String(historyDays));
}

/** Companies (Accounts in Salesforce) is the exception: no history, said as one. */
async function noHistoryFor(wizard: Locator, objectLabel: string): Promise<void> {
  const step = currentStep(wizard);
  await step.getByRole('button', { name: `Use a different history for ${objectLabel}` }).click();
  await step.getByRole('radio', { name: /No backfill/ }).check();
  await expect(step).toContainText(`${objectLabel}: no history instead of the last ${historyDays} days`);
}

/** Installs from the review step; answers the config the wizard sent. */
async function install(page: Page, wizard: Locator, integration: string) {
  const created = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/integrations/${integration}/installations`) && r.request().method() === 'POST',
  );
  await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toBeTruthy();
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  return response.request().postDataJSON().config.content;
}

/** The contacts delivered to Northwind so far (that object only: a deals backfill may fill a page). */
async function delivered(page: Page, objectName: string): Promise<DeliveredRecord[]> {
  const response = await page.request.get(`/demo/records?object=${objectName}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { records: DeliveredRecord[] };
  expect(body.records.every((r) => r.objectName === objectName)).toBe(true);
  return body.records;
}

/** A delivered record was changed within the chosen history (or since the install, by the CRM's activity). */
function expectWithinHistory(modified: unknown): void {
  const since = Date.now() - historyDays * 24 * 60 * 60 * 1000;
  expect(Date.parse(String(modified))).toBeGreaterThanOrEqual(since);
}

test('Acme installs HubSpot sync with a field mapping, value mapping and backfill choice, and the result is shown', async ({
  page,
}) => {
  // Installing, then waiting for the backfill to deliver what the mapping says.
  test.setTimeout(180_000);
  await signInAs(page, users.alice);
  const wizard = await openCrmWizard(page, hubspot);
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  await chooseRecentHistory(wizard);

  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  // Field mapping: Northwind's pipeline stage is HubSpot's lead status.
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
  // Value mapping, each lead status to one of Northwind's stages (chosen, not left to the suggestion).
  const stageValues = step.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await stageValues.getByRole('combobox', { name: 'New', exact: true }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Open Deal' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Connected' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Unqualified' }).selectOption('lost');
  // Two lifecycle stages are one funnel stage to Northwind; the rest stay "Not mapped", which the manifest
  // says delivers no funnel stage, and the step says so beside the table.
  const funnelValues = step.getByRole('group', { name: 'Match the values of Funnel stage' });
  await expect(funnelValues).toContainText(
    'Not mapped: a record with that value arrives with no Funnel stage.',
  );
  await funnelValues.getByRole('combobox', { name: 'Marketing Qualified Lead' }).selectOption('mql');
  await funnelValues.getByRole('combobox', { name: 'Customer' }).selectOption('customer');
  await funnelValues.getByRole('combobox', { name: 'Evangelist' }).selectOption('customer');
  await step.getByRole('combobox', { name: /Priority score/ }).fill('hubspotscore');
  await expect(step).toContainText(`Past records: the last ${historyDays} days, as for every object.`);

  await nextTo(wizard, 'Read Companies');
  await noHistoryFor(wizard, 'Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  const review = currentStep(wizard);
  await expect(review).toContainText('Pipeline stage ← Lead Status');
  await expect(review).toContainText(`the last ${historyDays} days`);

  const content = await install(page, wizard, hubspot.integration);
  const contacts = content.read.objects.contacts;
  expect(contacts.selectedFieldMappings).toMatchObject({ stage: 'hs_lead_status', priority: 'hubspotscore' });
  expect(contacts.selectedValueMappings.stage).toEqual({
    new: 'NEW',
    working: 'OPEN_DEAL',
    won: 'CONNECTED',
    lost: 'UNQUALIFIED',
  });
  expect(contacts.selectedValueMappings.funnelStage).toEqual({
    mql: 'marketingqualifiedlead',
    customer: ['customer', 'evangelist'],
  });
  expect(contacts.backfill).toEqual({ defaultPeriod: { days: historyDays } });
  expect(content.read.objects.companies.backfill).toEqual({ defaultPeriod: { days: 0 } });
  expect(content.read.objects.deals.backfill).toEqual({ defaultPeriod: { days: historyDays } });
  // By name: the finish screen also holds SyncStatus, whose own status region says what the reads are doing.
  await expect(wizard.getByRole('status', { name: 'HubSpot sync is installed' })).toBeVisible();

  // The host's page shows what was installed, read back from the BFF, in the user's words: display names
  // of objects, fields and values, no API names.
  await page.getByRole('link', { name: 'the sync settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /settings/ })).toBeVisible();
  const contactsRead = page.getByRole('region', { name: 'Reads Contacts' });
  const mapping = contactsRead.getByRole('table', { name: 'Field mapping' });
  const stage = mapping.getByRole('row', { name: /^Pipeline stage/ });
  await expect(stage).toContainText('Lead Status');
  // In the review's direction: Northwind's value first, HubSpot's it comes from after the arrow.
  await expect(stage).toContainText('Customer ← Connected');
  await expect(stage).toContainText('Working ← Open Deal');
  await expect(mapping).not.toContainText('→');
  // The manifest's fixed mapping, listed on the review, is listed here too.
  await expect(mapping.getByRole('row', { name: /^Surname/ })).toContainText('Last Name');
  const dealsMapping = page
    .getByRole('region', { name: 'Reads Deals' })
    .getByRole('table', { name: 'Field mapping' });
  await expect(dealsMapping.getByRole('row', { name: /^Deal stage/ })).toContainText('Deal Stage');
  await expect(contactsRead).not.toContainText(/\bhs_lead_status\b|← CONNECTED|won ←/);
  await expect(page.getByRole('main')).not.toContainText(/\bhubspot\b|Installation ID/);
  await expect(contactsRead).toContainText(`The last ${historyDays} days`);
  await expect(page.getByRole('region', { name: 'Reads Companies' })).toContainText(
    'No history, new changes only',
  );
  await expect(page.getByRole('region', { name: 'Reads Deals' })).toContainText(
    `The last ${historyDays} days`,
  );
  await expect(page.getByText('alice@acme', { exact: true })).toBeVisible();

  // The records delivered to Northwind carry what the mapping and the manifest say: both lifecycle stages
  // of a customer arrive as "customer", and a stage left unmapped arrives as null, not as HubSpot's word;
  // each was changed within the history chosen.
  const expected: Record<string, string> = {
    marketingqualifiedlead: 'mql',
    customer: 'customer',
    evangelist: 'customer',
  };
  await expect
    .poll(async () => new Set((await delivered(page, 'contacts')).map((r) => r.fields.lifecyclestage)).size, {
      timeout: 120_000,
    })
    .toBeGreaterThan(3);
  for (const record of await delivered(page, 'contacts')) {
    const lifecycle = String(record.fields.lifecyclestage);
    expect(record.mappedFields).toHaveProperty('funnelStage', expected[lifecycle] ?? null);
    expectWithinHistory(record.fields.lastmodifieddate);
  }

  // Searching by the funnel stage "Customer" finds the records of both lifecycle stages it stands for,
  // each shown as "Customer".
  const box = await openCrmSearch(page, hubspot);
  await box.getByRole('button', { name: 'Add condition' }).click();
  await box.getByLabel('Field', { exact: true }).selectOption('funnelStage');
  await box.getByLabel('Value', { exact: true }).selectOption('customer');
  const answered = page.waitForResponse((r) =>
    r.url().endsWith(`/api/integrations/${hubspot.integration}/search`),
  );
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const { results } = (await answer.json()) as { results: DeliveredRecord[] };
  expect(new Set(results.map((r) => r.fields.lifecyclestage))).toEqual(new Set(['customer', 'evangelist']));
  for (const result of results) expect(result.mappedFields.funnelStage).toBe('customer');
  const table = box.getByRole('table', { name: 'Results for Contacts' });
  const shown = table.locator('tbody tr:not([hidden]) td[data-label="Funnel stage"]');
  await expect(shown.first()).toBeVisible();
  expect(new Set(await shown.allTextContents())).toEqual(new Set(['Customer']));
});

test('Globex installs Salesforce sync with a field mapping, value mapping and backfill choice, and the result is shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, users.bob);
  const wizard = await openCrmWizard(page, salesforce);
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  await chooseRecentHistory(wizard);

  await nextTo(wizard, 'Read Contacts');
  const step = currentStep(wizard);
  // Field mapping: Northwind's pipeline stage is the contact's lead source.
  await step.getByRole('combobox', { name: 'Pipeline stage' }).fill('LeadSource');
  // Value mapping from Salesforce's picklist; two lead sources are one stage to Northwind, and the rest
  // stay "Not mapped", which arrives as Salesforce's own value (the step says so beside the table).
  const stageValues = step.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await expect(stageValues).toContainText(
    'Not mapped: a record with that value arrives with the Salesforce value as its Pipeline stage.',
  );
  await stageValues.getByRole('combobox', { name: 'Web' }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Purchased List' }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Phone Inquiry' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Partner Referral' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Other' }).selectOption('Not mapped');
  await expect(step).toContainText(`Past records: the last ${historyDays} days, as for every object.`);

  await nextTo(wizard, 'Read Accounts');
  await noHistoryFor(wizard, 'Accounts');
  await nextTo(wizard, 'Read Opportunities');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  const review = currentStep(wizard);
  await expect(review).toContainText('Pipeline stage ← Lead Source');
  await expect(review).toContainText(`the last ${historyDays} days`);

  const content = await install(page, wizard, salesforce.integration);
  expect(content.provider).toBe('salesforce');
  const contacts = content.read.objects.Contact;
  expect(contacts.selectedFieldMappings).toMatchObject({ stage: 'LeadSource' });
  expect(contacts.selectedValueMappings.stage).toEqual({
    new: ['Web', 'Purchased List'],
    working: 'Phone Inquiry',
    won: 'Partner Referral',
  });
  expect(contacts.backfill).toEqual({ defaultPeriod: { days: historyDays } });
  expect(content.read.objects.Account.backfill).toEqual({ defaultPeriod: { days: 0 } });
  expect(content.read.objects.Opportunity.backfill).toEqual({ defaultPeriod: { days: historyDays } });
  await expect(wizard.getByRole('status', { name: 'Salesforce sync is installed' })).toBeVisible();

  await page.getByRole('link', { name: 'the sync settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /settings/ })).toBeVisible();
  const contactsRead = page.getByRole('region', { name: 'Reads Contacts' });
  const mapping = contactsRead.getByRole('table', { name: 'Field mapping' });
  const stage = mapping.getByRole('row', { name: /^Pipeline stage/ });
  await expect(stage).toContainText('Lead Source');
  await expect(stage).toContainText('Customer ← Partner Referral');
  await expect(stage).toContainText('Working ← Phone Inquiry');
  await expect(mapping).not.toContainText('→');
  await expect(mapping.getByRole('row', { name: /^Surname/ })).toContainText('Last Name');
  const dealsMapping = page
    .getByRole('region', { name: 'Reads Opportunities' })
    .getByRole('table', { name: 'Field mapping' });
  await expect(dealsMapping.getByRole('row', { name: /^Deal stage/ })).toContainText('Stage');
  await expect(contactsRead).not.toContainText(/\bLeadSource\b|won ←/);
  await expect(page.getByRole('main')).not.toContainText(/\bsalesforce\b|Installation ID/);
  await expect(contactsRead).toContainText(`The last ${historyDays} days`);
  await expect(page.getByRole('region', { name: 'Reads Accounts' })).toContainText(
    'No history, new changes only',
  );
  await expect(page.getByText('bob@globex', { exact: true })).toBeVisible();

  // Delivered as mapped: a lead source left unmapped arrives as Salesforce's own value, and every
  // contact was changed within the history chosen.
  const stageOf: Record<string, string> = {
    Web: 'new',
    'Purchased List': 'new',
    'Phone Inquiry': 'working',
    'Partner Referral': 'won',
  };
  await expect
    .poll(async () => new Set((await delivered(page, 'Contact')).map((r) => r.fields.LeadSource)).size, {
      timeout: 120_000,
    })
    .toBeGreaterThan(3);
  for (const record of await delivered(page, 'Contact')) {
    const source = String(record.fields.LeadSource);
    expect(record.mappedFields).toHaveProperty('stage', stageOf[source] ?? source);
    expect(record.mappedFields).toHaveProperty('surname', record.fields.LastName);
    expectWithinHistory(record.fields.SystemModstamp);
  }

  // Searching by the stage "New" finds the contacts of either lead source it stands for, shown as "New".
  const box = await openCrmSearch(page, salesforce);
  await box.getByRole('button', { name: 'Add condition' }).click();
  await box.getByLabel('Field', { exact: true }).selectOption('stage');
  await box.getByLabel('Value', { exact: true }).selectOption('new');
  const answered = page.waitForResponse((r) =>
    r.url().endsWith(`/api/integrations/${salesforce.integration}/search`),
  );
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  const answer = await answered;
  expect(answer.status(), await answer.text()).toBe(200);
  const { results } = (await answer.json()) as { results: DeliveredRecord[] };
  expect(results.length).toBeGreaterThan(0);
  for (const result of results) {
    expect(['Web', 'Purchased List']).toContain(result.fields.LeadSource);
    expect(result.mappedFields.stage).toBe('new');
  }
  const table = box.getByRole('table', { name: 'Results for Contacts' });
  const shown = table.locator('tbody tr:not([hidden]) td[data-label="Pipeline stage"]');
  await expect(shown.first()).toBeVisible();
  expect(new Set(await shown.allTextContents())).toEqual(new Set(['New']));
});
