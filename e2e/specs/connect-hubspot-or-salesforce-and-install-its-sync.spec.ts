import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';

// carol@initech on the `runs` demo (whose other specs use alice and bob), through the demo's HubSpot and
// Salesforce emulators: from each provider's consent page to the records its reads deliver. In order, as
// one company: the records page lists the latest records of both.
test.use({ baseURL: servers.runs.url, viewport: { width: 1280, height: 900 } });
test.describe.configure({ mode: 'serial' });

const wizardOf = (page: Page) => page.locator('[data-scope="installation-wizard"]');

/**
 * From the catalog's Connect step of an integration to its wizard, then the provider's consent page (the
 * emulator's, on its own origin) in a popup: Allow, and the popup closes.
 */
async function connectFromCatalog(page: Page, integration: string, provider: string) {
  await openPage(page, '/integrations');
  const entry = page.getByRole('listitem', { name: integration });
  await expect(entry).toContainText(`Connects to ${provider}`);
  await expect(entry.getByRole('definition').first()).toHaveText('Not connected');
  await entry.getByRole('link', { name: `Connect ${integration}` }).click();
  const wizard = wizardOf(page);
  await expect(wizard.getByRole('heading', { name: `Set up ${integration}` })).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await wizard.getByRole('button', { name: `Connect ${provider}` }).click();
  const popup = await popupOpened;
  const allow = popup.getByRole('button', { name: 'Allow' });
  await allow.waitFor();
  expect(new URL(popup.url()).origin).not.toBe(new URL(servers.runs.url).origin);
  const closed = popup.waitForEvent('close');
  await allow.click();
  await closed;
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
}

/** Installs from the review step; answers the config the wizard sent. */
async function install(page: Page, integrationId: string) {
  const wizard = wizardOf(page);
  const created = page.waitForResponse(
    (r) =>
      r.url().endsWith(`/api/integrations/${integrationId}/installations`) && r.request().method() === 'POST',
  );
  await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  return response.request().postDataJSON().config.content;
}

/**
 * The imported records once `objectName`'s have arrived: the latest row of that object, whose fields are
 * listed by name (a term each).
 */
async function latestImported(page: Page, objectName: string) {
  await page.getByRole('link', { name: 'See the imported records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported records' })).toBeVisible();
  await expect(page.getByTestId('imported-total')).toContainText(new RegExp(`${objectName}: \\d`), {
    timeout: 60_000,
  });
  return page
    .getByRole('row')
    .filter({ has: page.locator('.nw-record-meta', { hasText: new RegExp(`^${objectName}\\s`) }) })
    .first();
}

/** A row's fields as listed (name to shown value), read at once: the table refreshes every two seconds. */
function fieldsOf(row: Locator): Promise<Record<string, string>> {
  return row.evaluate((element) =>
    Object.fromEntries(
      [...element.querySelectorAll('dt')].map((term) => [
        term.textContent ?? '',
        term.nextElementSibling?.textContent ?? '',
      ]),
    ),
  );
}

test('carol@initech connects HubSpot on its consent page, installs HubSpot sync with a mapping, its contacts arrive in HubSpot’s property names, and search finds one', async ({
  page,
}) => {
  // A popup round trip, an install checked against HubSpot, then a backfill of a few hundred contacts.
  test.setTimeout(120_000);
  await signInAs(page, users.carol);
  await connectFromCatalog(page, 'HubSpot sync', 'HubSpot');
  await expect(page).toHaveURL(/#\/install\?integration=hubspot-sync/);

  // Contacts only, with the manifest's default history (all of it).
  const wizard = wizardOf(page);
  const objects = currentStep(wizard);
  await objects.getByRole('checkbox', { name: 'Companies' }).uncheck();
  await objects.getByRole('checkbox', { name: 'Deals' }).uncheck();
  await expect(objects.getByRole('radio', { name: /Full history/ })).toBeChecked();

  // With the account connected, the wizard reads HubSpot's properties: the stage is HubSpot's lifecycle
  // stage, whose values (HubSpot's own picklist) map to Northwind's stages.
  await nextTo(wizard, 'Read Contacts');
  const contacts = currentStep(wizard);
  await contacts.getByRole('combobox', { name: 'Pipeline stage' }).fill('lifecyclestage');
  const stageValues = contacts.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await stageValues.getByRole('combobox', { name: 'Lead', exact: true }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Opportunity' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Customer' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Other' }).selectOption('lost');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  await expect(currentStep(wizard)).toContainText('Pipeline stage ← Lifecycle Stage');

  const config = await install(page, 'hubspot-sync');
  expect(config.provider).toBe('hubspot');
  expect(Object.keys(config.read.objects)).toEqual(['contacts']);
  expect(config.read.objects.contacts.selectedFieldMappings).toMatchObject({ stage: 'lifecyclestage' });
  expect(config.read.objects.contacts.selectedValueMappings.stage).toEqual({
    new: 'lead',
    working: 'opportunity',
    won: 'customer',
    lost: 'other',
  });

  await expect(page.getByRole('link', { name: 'find its records' })).toHaveAttribute(
    'href',
    '#/search?integration=hubspot-sync',
  );

  // The backfill reads HubSpot through the connector; Northwind's table shows each contact as delivered:
  // Northwind's mapped names first, then HubSpot's own property names.
  const contact = await fieldsOf(await latestImported(page, 'contacts'));
  expect(Object.keys(contact)).toEqual(
    expect.arrayContaining(['stage', 'surname', 'email', 'firstname', 'lifecyclestage', 'hs_object_id']),
  );
  // The stage is the lifecycle stage as mapped (a stage left unmapped arrives as HubSpot's own value).
  const stageOf: Record<string, string> = {
    lead: 'new',
    opportunity: 'working',
    customer: 'won',
    other: 'lost',
  };
  const lifecycle = contact.lifecyclestage!;
  expect(contact.stage).toBe(stageOf[lifecycle] ?? lifecycle);
  expect(contact.surname).toBe(contact.lastname);

  // Search finds that contact in HubSpot by its email, through the connector's search.
  await openPage(page, '/search?integration=hubspot-sync');
  const box = page.locator('[data-scope="search-box"]');
  await expect(box.getByRole('combobox', { name: 'Object' })).toHaveValue('contacts');
  await box.getByRole('button', { name: 'Add condition' }).click();
  await box.getByLabel('Field', { exact: true }).selectOption('email');
  await box.getByLabel('Value', { exact: true }).fill(contact.email!);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/integrations/hubspot-sync/search'));
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const { results } = (await response.json()) as {
    results: Array<{ id: string; fields: Record<string, unknown> }>;
  };
  expect(results.map((r) => r.fields.email)).toEqual([contact.email]);
  await expect(
    box.getByRole('table').locator('tbody tr:not([hidden])').first().getByRole('rowheader'),
  ).toHaveText(contact.hs_object_id!);

  // The catalog now says where Initech stands with HubSpot sync; Salesforce sync is untouched.
  await openPage(page, '/integrations');
  const hubspot = page.getByRole('listitem', { name: 'HubSpot sync' });
  await expect(hubspot.getByRole('definition').first()).toHaveText('Connected');
  await expect(hubspot.getByRole('definition').nth(1)).toHaveText('Installed');
  await expect(
    page.getByRole('listitem', { name: 'Salesforce sync' }).getByRole('definition').first(),
  ).toHaveText('Not connected');
});

test('carol@initech connects Salesforce on its consent page, installs Salesforce sync with a mapping, its contacts arrive in Salesforce’s field names, and search finds one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, users.carol);
  await connectFromCatalog(page, 'Salesforce sync', 'Salesforce');

  const wizard = wizardOf(page);
  const objects = currentStep(wizard);
  await objects.getByRole('checkbox', { name: 'Accounts' }).uncheck();
  await objects.getByRole('checkbox', { name: 'Opportunities' }).uncheck();

  // Salesforce's describe: the stage is the contact's Lead Source, whose picklist values map to Northwind's.
  await nextTo(wizard, 'Read Contacts');
  const contacts = currentStep(wizard);
  await contacts.getByRole('combobox', { name: 'Pipeline stage' }).fill('LeadSource');
  const stageValues = contacts.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await stageValues.getByRole('combobox', { name: 'Web' }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Phone Inquiry' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Partner Referral' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Other' }).selectOption('lost');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');
  await expect(currentStep(wizard)).toContainText('Pipeline stage ← Lead Source');

  const config = await install(page, 'salesforce-sync');
  expect(config.provider).toBe('salesforce');
  expect(Object.keys(config.read.objects)).toEqual(['Contact']);
  expect(config.read.objects.Contact.selectedFieldMappings).toMatchObject({ stage: 'LeadSource' });

  const contact = await fieldsOf(await latestImported(page, 'Contact'));
  expect(Object.keys(contact)).toEqual(
    expect.arrayContaining(['stage', 'surname', 'Email', 'FirstName', 'LeadSource', 'Id']),
  );
  const stageOf: Record<string, string> = {
    Web: 'new',
    'Phone Inquiry': 'working',
    'Partner Referral': 'won',
    Other: 'lost',
  };
  const source = contact.LeadSource!;
  expect(contact.stage).toBe(stageOf[source] ?? source);
  expect(contact.surname).toBe(contact.LastName);

  // Search finds that contact in Salesforce by its email, through the connector's SOQL query.
  await openPage(page, '/search?integration=salesforce-sync');
  const box = page.locator('[data-scope="search-box"]');
  await expect(box.getByRole('combobox', { name: 'Object' })).toHaveValue('Contact');
  await box.getByRole('button', { name: 'Add condition' }).click();
  await box.getByLabel('Field', { exact: true }).selectOption('Email');
  await box.getByLabel('Value', { exact: true }).fill(contact.Email!);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/integrations/salesforce-sync/search'));
  await box.getByRole('button', { name: 'Search', exact: true }).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const { results } = (await response.json()) as {
    results: Array<{ id: string; fields: Record<string, unknown> }>;
  };
  expect(results.map((r) => r.fields.Email)).toEqual([contact.Email]);
  await expect(
    box.getByRole('table').locator('tbody tr:not([hidden])').first().getByRole('rowheader'),
  ).toHaveText(contact.Id!);

  // Both are now connected and installed for Initech.
  await openPage(page, '/integrations');
  for (const name of ['HubSpot sync', 'Salesforce sync']) {
    const entry = page.getByRole('listitem', { name });
    await expect(entry.getByRole('definition').first()).toHaveText('Connected');
    await expect(entry.getByRole('definition').nth(1)).toHaveText('Installed');
  }
});
