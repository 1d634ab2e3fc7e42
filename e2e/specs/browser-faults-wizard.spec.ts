import type { Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { currentStep, nextTo } from '../support/wizard.js';
import { expectFaultMessage, faults, inject, watchPageErrors } from './browser-faults.shared.js';
import { hubspot, openCrmWizard } from './crm.shared.js';

// The demo where nothing is ever installed: every install request below is answered by the fault (or
// held back), so alice@acme's group stays uninstalled for the other specs of that demo.
test.use({ baseURL: servers.neverInstalls.url });

for (const fault of faults) {
  test(`wizard install, ${fault.name}: a specific message, a retry with the same key, every choice kept`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    if (fault.name === 'timeout') await page.clock.install();
    await signInAs(page, users.alice);
    const wizard = await openCrmWizard(page, hubspot);
    await nextTo(wizard, 'Read Contacts');
    await currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
    await currentStep(wizard)
      .getByRole('combobox', { name: /Priority score/ })
      .fill('hubspotscore');
    await nextTo(wizard, 'Read Companies');
    await nextTo(wizard, 'Read Deals');
    await nextTo(wizard, 'Proxy');
    await nextTo(wizard, 'Review and install');

    const sent: Request[] = [];
    page.on('request', (request) => {
      if (
        request.url().includes(`/api/integrations/${hubspot.integration}/installations`) &&
        request.method() === 'POST'
      )
        sent.push(request);
    });
    const installations = `**/api/integrations/${hubspot.integration}/installations**`;
    const injected = await inject(page, installations, fault, 201);
    const install = currentStep(wizard).getByRole('button', { name: 'Install' });
    await install.click();
    await expectFaultMessage(wizard.locator('[data-part="alert"]').last(), fault, injected);

    // No endless spinner; still on the review step with Install offered again.
    await expect(wizard).not.toHaveAttribute('aria-busy', 'true');
    await expect(wizard).not.toHaveAttribute('data-state', 'installed');
    await expect(currentStep(wizard)).toHaveAccessibleName(/Review and install$/);
    await expect(install).toBeEnabled();

    // The retry: Install again sends the same request with the same Idempotency-Key (a lost answer
    // must not become a second installation). It is held back by the fault: this demo never installs.
    const before = sent.length;
    const retried = page.waitForRequest((r) => r.url().includes('/installations') && r.method() === 'POST');
    if (fault.name === 'offline') {
      // Back online, but still held back before it reaches the demo (set up first: nothing may slip through).
      await page.route(installations, (route) => route.abort('connectionreset'));
      await injected.release();
    }
    await install.click();
    const retry = await retried;
    expect(sent.length).toBeGreaterThan(before);
    const first = sent[0];
    if (first && fault.name !== 'malformed JSON') {
      expect(retry.headers()['idempotency-key']).toBe(first.headers()['idempotency-key']);
      expect(retry.postDataJSON()).toEqual(first.postDataJSON());
    }

    // Every choice kept: back on the contacts step the mappings are as typed.
    await wizard
      .getByRole('navigation', { name: 'Setup progress' })
      .getByRole('button', { name: /Read Contacts/ })
      .click();
    await expect(currentStep(wizard)).toHaveAccessibleName(/Read Contacts$/);
    await expect(currentStep(wizard).getByRole('combobox', { name: 'Pipeline stage' })).toHaveValue(
      'Lead Status',
    );
    await expect(currentStep(wizard).getByRole('combobox', { name: /Priority score/ })).toHaveValue(
      'HubSpot Score',
    );
    expect(errors, 'uncaught page errors').toEqual([]);
  });
}
