import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';

// carol@initech on the `runs` demo (whose other specs use alice and bob): HubSpot through the demo's HubSpot
// emulator, from its consent page to the records its reads deliver.
test.use({ baseURL: servers.runs.url, viewport: { width: 1280, height: 900 } });

test('carol@initech connects HubSpot on its consent page, installs HubSpot sync with a mapping, and its contacts arrive in HubSpot’s property names', async ({
  page,
}) => {
  // A popup round trip, an install checked against HubSpot, then a full backfill of a few hundred records.
  test.setTimeout(120_000);
  await signInAs(page, users.carol);

  // The catalog lists HubSpot sync beside CRM sync; its Connect step opens the wizard for it.
  await openPage(page, '/integrations');
  const entry = page.getByRole('listitem', { name: 'HubSpot sync' });
  await expect(entry).toContainText('Connects to HubSpot');
  await expect(entry.getByRole('definition').first()).toHaveText('Not connected');
  await entry.getByRole('link', { name: 'Connect HubSpot sync' }).click();
  await expect(page).toHaveURL(/#\/install\?integration=hubspot-sync$/);
  const wizard = page.locator('[data-scope="installation-wizard"]');
  await expect(wizard.getByRole('heading', { name: 'Set up HubSpot sync' })).toBeVisible();

  // HubSpot's consent page (the emulator's, on its own origin) in a popup: Allow, and the popup closes.
  const popupOpened = page.waitForEvent('popup');
  await wizard.getByRole('button', { name: 'Connect HubSpot' }).click();
  const popup = await popupOpened;
  const allow = popup.getByRole('button', { name: 'Allow' });
  await allow.waitFor();
  expect(new URL(popup.url()).origin).not.toBe(new URL(servers.runs.url).origin);
  const closed = popup.waitForEvent('close');
  await allow.click();
  await closed;

  // With the account connected, the wizard reads HubSpot's properties: its stage is HubSpot's
  // lifecycle stage, whose values (HubSpot's own picklist) map to Northwind's stages.
  await expect(currentStep(wizard)).toHaveAccessibleName(/Objects$/);
  await nextTo(wizard, 'Read Contacts');
  const contacts = currentStep(wizard);
  await contacts.getByRole('combobox', { name: 'Pipeline stage' }).fill('lifecyclestage');
  const stageValues = contacts.getByRole('group', { name: 'Match the values of Pipeline stage' });
  await stageValues.getByRole('combobox', { name: 'Lead', exact: true }).selectOption('new');
  await stageValues.getByRole('combobox', { name: 'Opportunity' }).selectOption('working');
  await stageValues.getByRole('combobox', { name: 'Customer' }).selectOption('won');
  await stageValues.getByRole('combobox', { name: 'Other' }).selectOption('lost');
  await nextTo(wizard, 'Read Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Review and install');
  await expect(currentStep(wizard)).toContainText('Pipeline stage ← Lifecycle Stage');

  const created = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/integrations/hubspot-sync/installations') && r.request().method() === 'POST',
  );
  await currentStep(wizard).getByRole('button', { name: 'Install' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const config = response.request().postDataJSON().config.content;
  expect(config.provider).toBe('hubspot');
  expect(config.read.objects.contacts.selectedFieldMappings).toMatchObject({ stage: 'lifecyclestage' });
  expect(config.read.objects.contacts.selectedValueMappings.stage).toEqual({
    new: 'lead',
    working: 'opportunity',
    won: 'customer',
    lost: 'other',
  });
  await expect(wizard).toHaveAttribute('data-state', 'installed');

  // The backfill reads HubSpot through the connector; Northwind's table shows the contacts as delivered:
  // Northwind's mapped stage first, then HubSpot's own property names.
  await page.getByRole('link', { name: 'See the imported records' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Imported records' })).toBeVisible();
  await expect(page.getByTestId('imported-total')).toContainText(/contacts: \d/, { timeout: 60_000 });
  const contact = page
    .getByRole('row')
    .filter({ has: page.locator('.nw-record-meta', { hasText: /^contacts/ }) })
    .first();
  for (const property of ['email', 'firstname', 'lifecyclestage', 'hs_object_id', 'stage']) {
    await expect(contact.getByRole('term').filter({ hasText: new RegExp(`^${property}$`) })).toHaveCount(1);
  }
  // A mapped stage is one of Northwind's words (or none, for a lifecycle stage left unmapped).
  const stage = contact.locator('.nw-record-fields__mapped', { hasText: /^stage/ }).getByRole('definition');
  await expect(stage).toHaveText(/^(new|working|won|lost|—)$/);

  // The catalog now says where Initech stands with HubSpot sync; CRM sync is untouched.
  await openPage(page, '/integrations');
  const hubspot = page.getByRole('listitem', { name: 'HubSpot sync' });
  await expect(hubspot.getByRole('definition').first()).toHaveText('Connected');
  await expect(hubspot.getByRole('definition').nth(1)).toHaveText('Installed');
  const crmSync = page.getByRole('listitem', { name: 'CRM sync' });
  await expect(crmSync.getByRole('definition').first()).toHaveText('Not connected');
});
