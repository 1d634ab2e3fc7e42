import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { connectCrmInThisTab, hubspot, openCrmWizard } from './crm.shared.js';

// A demo of its own: this spec needs a group with HubSpot connected and nothing installed. carol@initech
// connects HubSpot first (Acme and Globex install there through the other wizard specs).
test.use({ baseURL: servers.installs.url });

test('a double click on Install creates one installation', async ({ page }) => {
  await signInAs(page, users.carol);
  await connectCrmInThisTab(page, hubspot);
  const wizard = await openCrmWizard(page, hubspot);
  await nextTo(wizard, 'Read Contacts');
  await currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
  await nextTo(wizard, 'Read Companies');
  await nextTo(wizard, 'Read Deals');
  await nextTo(wizard, 'Proxy');
  await nextTo(wizard, 'Review and install');

  const creates: { status: number; key: string | undefined; id: string }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/installations') || response.request().method() !== 'POST') return;
    const body = await response.json().catch(() => ({}));
    creates.push({
      status: response.status(),
      key: response.request().headers()['idempotency-key'],
      id: body.id,
    });
  });
  await currentStep(wizard).getByRole('button', { name: 'Install' }).dblclick();
  await expect(wizard).toHaveAttribute('data-state', 'installed');
  await expect(wizard.getByRole('alert')).toHaveCount(0);

  // Whether the second click was joined in the page or replayed by the BFF, one installation exists.
  const installation = (await (await page.request.get(`/api/integrations/${hubspot.integration}`)).json())
    .installation;
  expect(installation?.id).toBeTruthy();
  expect(creates.length).toBeGreaterThanOrEqual(1);
  for (const create of creates) {
    expect(create.status).toBe(201);
    expect(create.id).toBe(installation.id);
    expect(create.key).toBe(creates[0]?.key);
  }
  // The result names no installation id (an end user has no use for it): one result shows.
  await expect(wizard.getByRole('status', { name: 'HubSpot sync is installed' })).toHaveCount(1);
});
