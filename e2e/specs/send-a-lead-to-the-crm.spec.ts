import { expect, test } from '@playwright/test';
import { northwindLeadTitle } from '@splice/service/demo-fixtures';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { hubspot, salesforce, seedCrmInstallation } from './crm.shared.js';

// Acme's HubSpot and Globex's Salesforce, each with Northwind's recommended installation: contacts are
// written with a title saying where they came from, and deleting is switched off.
const cases = [
  { user: users.alice, crm: hubspot, width: 1280 },
  { user: users.bob, crm: salesforce, width: 390 },
];

for (const { user, crm, width } of cases) {
  test(`Northwind sends a lead to ${crm.providerName} at ${width} px: the default title is applied, the lead comes back on the next read, and Delete is refused with the reason`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, user);
    await seedCrmInstallation(page, crm);
    await openPage(page, '/records');
    const card = page.getByRole('region', { name: 'Send to your CRM' });
    await expect(card).toContainText(`written to ${crm.providerName}`);

    // Bad input: the message beside the field, every typed value kept.
    await card.getByLabel('Name').fill('Ada Lovelace');
    await card.getByLabel('E-mail').fill('ada-at-example');
    await card.getByLabel('Stage').selectOption('working');
    await card.getByRole('button', { name: `Send to ${crm.providerName}` }).click();
    const email = card.getByLabel('E-mail');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');
    await expect(email).toBeFocused();
    await expect(card.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(card.getByLabel('Stage')).toHaveValue('working');
    // The card alone: a full-page capture of the records page (every imported row) takes seconds.
    await card.screenshot({ path: testInfo.outputPath(`lead-invalid-${width}.png`) });

    const address = `ada-${crm.crm}-${Date.now()}@example.com`;
    await email.fill(address);
    await card.getByRole('button', { name: `Send to ${crm.providerName}` }).click();
    await expect(card.getByRole('status').first()).toContainText(`Sent to ${crm.providerName} as record`);
    const sent = card.getByRole('listitem', { name: 'Ada Lovelace' });
    await expect(sent).toContainText(address);
    const sentAt = Date.now();

    // A later read brings it back into Northwind's table, with the installation's default title. A read
    // takes what changed until the whole second before the one it starts in, so one started within two
    // seconds of the write may come too early: the first read is started after that, and the user reads
    // again should it still miss the lead, as they would.
    const records = page.getByRole('region', { name: 'Imported records' });
    const row = records.getByRole('row').filter({ hasText: address });
    await expect.poll(() => Date.now() - sentAt, { intervals: [250] }).toBeGreaterThan(2_000);
    await expect(async () => {
      await card.getByRole('button', { name: 'Read them back now' }).click();
      await expect(row).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 100_000 });
    await expect(row).toContainText(northwindLeadTitle);
    await expect(row).toContainText('working');

    // An update writes the stage only.
    await sent.getByRole('combobox', { name: 'Stage of Ada Lovelace' }).selectOption('won');
    await sent.getByRole('button', { name: 'Update stage' }).click();
    await expect(sent.getByRole('status')).toHaveText('Stage updated to Customer.');

    // Deletion is switched off in the installation's write settings: refused, and said why.
    await sent.getByRole('button', { name: 'Delete from CRM' }).click();
    await expect(sent.getByRole('alert')).toContainText('is not enabled in this installation');
    await expect(sent).toBeVisible();
    await card.screenshot({ path: testInfo.outputPath(`lead-sent-${width}.png`) });
    // The card fits the screen: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
