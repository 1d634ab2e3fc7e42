import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { openCrmSearch, salesforce, seedCrmInstallation } from './crm.shared.js';

interface SearchAnswer {
  results: Array<{ id: string; fields: Record<string, unknown> }>;
}

test.use({ viewport: { width: 390, height: 844 } });
// Four searches and a reload through the connector: on a loaded 2-core machine that can pass 30 s. The
// timeout is a guard against hanging, not a speed goal.
test.setTimeout(60_000);

test('on a 390 px phone, bob@globex finds a Salesforce contact by its email after a wrong one, and a reload and Back keep him on Salesforce', async ({
  page,
}) => {
  await signInAs(page, users.bob);
  await seedCrmInstallation(page, salesforce);
  await openPage(page, '/team');
  const box = await openCrmSearch(page, salesforce);
  const search = box.getByRole('button', { name: 'Search', exact: true });
  const answer = () =>
    page.waitForResponse((r) => r.url().endsWith(`/api/integrations/${salesforce.integration}/search`));

  // Salesforce's objects by their display names; contacts are its `Contact`.
  const object = box.getByRole('combobox', { name: 'Object' });
  await expect(object).toHaveValue(salesforce.contacts);
  await expect(object.locator('option')).toHaveText(['Contacts', 'Accounts', 'Opportunities']);

  // Some French contact's email, as the search lists it.
  await box.getByRole('button', { name: 'Add condition' }).click();
  const field = box.getByLabel('Field', { exact: true });
  const value = box.getByLabel('Value', { exact: true });
  await field.selectOption('MailingCountry');
  await value.fill('FR');
  let answered = answer();
  await search.click();
  const french = (await (await answered).json()) as SearchAnswer;
  const someone = french.results[0];
  expect(someone?.fields.MailingCountry).toBe('FR');
  const email = String(someone?.fields.Email);
  expect(email).toContain('@');

  // A wrong address: no record, said as such, and what was typed stays to be corrected.
  await field.selectOption('Email');
  await value.fill(`not-${email}`);
  answered = answer();
  await search.click();
  expect((await (await answered).json()).results).toEqual([]);
  await expect(box.getByRole('status')).toHaveText('No records match these conditions.');
  await expect(box.getByRole('table')).toHaveCount(0);
  await expect(value).toHaveValue(`not-${email}`);

  // Corrected: exactly that contact, as a card whose every cell is on the screen.
  await value.fill(email);
  answered = answer();
  await search.click();
  const found = (await (await answered).json()) as SearchAnswer;
  expect(found.results.map((r) => r.id)).toEqual([someone?.id]);
  const rows = box.getByRole('table', { name: 'Results for Contacts' }).locator('tbody tr:not([hidden])');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('rowheader')).toHaveText(String(someone?.id));
  await rows.first().scrollIntoViewIfNeeded();
  for (const cell of await rows.first().getByRole('cell').all()) await expect(cell).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A reload keeps the page on Salesforce's search (the address names it), ready for a new search.
  await page.reload();
  await expect(page).toHaveURL(/#\/search\?integration=salesforce-sync$/);
  await expect(object).toHaveValue(salesforce.contacts);
  await box.getByRole('button', { name: 'Add condition' }).click();
  await field.selectOption('Email');
  await value.fill(email);
  answered = answer();
  await search.click();
  expect(((await (await answered).json()) as SearchAnswer).results.map((r) => r.id)).toEqual([someone?.id]);
  await expect(rows).toHaveCount(1);

  // Back leaves the search for the page before it.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a teammate' })).toBeVisible();
});
