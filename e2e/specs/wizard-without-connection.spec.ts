import { expect, test } from '@playwright/test';
import { recommendedCrmContent } from '@splice/service/demo-fixtures';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { hubspot, salesforce } from './crm.shared.js';

for (const crm of [hubspot, salesforce]) {
  test(`carol@initech, whose company has no CRM connected, gets a ${crm.providerName} connect step first`, async ({
    page,
  }) => {
    await signInAs(page, users.carol);
    await openPage(page, `/install?integration=${crm.integration}`);

    const wizard = page.locator('[data-scope="installation-wizard"]');
    await expect(wizard).toHaveAttribute('data-state', 'no-connection');
    await expect(
      wizard.getByRole('heading', { name: `Connect your ${crm.providerName} account` }),
    ).toBeVisible();
    await expect(wizard.getByRole('button', { name: `Connect ${crm.providerName}` })).toBeVisible();
    await expect(wizard.getByRole('button', { name: 'Next' })).toHaveCount(0);
  });
}

test('quick setup is not offered before a CRM is connected, and the service refuses an install anyway', async ({
  page,
}) => {
  await signInAs(page, users.carol);
  await openPage(page, `/install?integration=${hubspot.integration}`);
  await expect(page.locator('[data-scope="installation-wizard"]')).toHaveAttribute(
    'data-state',
    'no-connection',
  );
  // Offered, it could only fail (the walk found it failing, its error left behind after connecting).
  await expect(page.getByRole('region', { name: 'Quick setup' })).toHaveCount(0);

  // A script installing anyway meets the service's own connection-required problem.
  const response = await page.request.post(`/api/integrations/${hubspot.integration}/installations`, {
    headers: { 'X-Requested-With': 'splice', 'Idempotency-Key': 'e2e-quick-without-connection' },
    data: { config: { content: recommendedCrmContent(hubspot.crm) } },
  });
  expect(response.status()).toBe(422);
  expect((await response.json()).type).toBe('urn:problem-type:connection-required');
});
