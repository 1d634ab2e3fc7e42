import { expect, test } from '@playwright/test';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { expectFaultMessage, faults, inject, watchPageErrors } from './browser-faults.shared.js';
import { hubspot, openCrmSearch, seedCrmInstallation } from './crm.shared.js';

for (const fault of faults) {
  test(`search box, ${fault.name}: a specific message, a retry that works, the conditions kept`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    if (fault.name === 'timeout') await page.clock.install();
    await signInAs(page, users.alice);
    await seedCrmInstallation(page, hubspot);
    const box = await openCrmSearch(page, hubspot);
    await box.getByRole('button', { name: 'Add condition' }).click();
    await box.getByLabel('Field', { exact: true }).selectOption('country');
    await box.getByLabel('Value', { exact: true }).fill('FR');

    const search = `**/api/integrations/${hubspot.integration}/search`;
    const injected = await inject(page, search, fault, 200);
    await box.getByRole('button', { name: 'Search', exact: true }).click();
    await expectFaultMessage(box.getByRole('alert'), fault, injected);

    // No endless spinner, the conditions as typed, and Search offered again.
    await expect(box).not.toHaveAttribute('aria-busy', 'true');
    await expect(box.getByLabel('Field', { exact: true })).toHaveValue('country');
    await expect(box.getByLabel('Value', { exact: true })).toHaveValue('FR');
    const searchButton = box.getByRole('button', { name: 'Search', exact: true });
    await expect(searchButton).toBeEnabled();
    await expect(searchButton).not.toHaveAttribute('aria-disabled', 'true');

    await injected.release();
    const answered = page.waitForResponse((r) =>
      r.url().endsWith(`/api/integrations/${hubspot.integration}/search`),
    );
    await searchButton.click();
    expect((await answered).status()).toBe(200);
    // A count, or "the first 100 matches" when the page is full.
    await expect(box.getByRole('status')).toHaveText(/records? found|The first \d+ matches/);
    expect(errors, 'uncaught page errors').toEqual([]);
  });
}
