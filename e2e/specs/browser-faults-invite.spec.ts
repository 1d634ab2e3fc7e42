import { expect, test } from '@playwright/test';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { expectFaultMessage, faults, inject, watchPageErrors } from './browser-faults.shared.js';

for (const fault of faults) {
  test(`invite form, ${fault.name}: a specific message, a retry that works, the address kept`, async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    if (fault.name === 'timeout') await page.clock.install();
    await signInAs(page, users.alice);
    await openPage(page, '/team');
    const form = page.locator('[data-scope="invite-form"]');
    const field = form.getByRole('textbox', { name: 'E-mail' });
    const submit = form.getByRole('button', { name: 'Send invite' });
    const email = `fault.${fault.name.replace(/\W+/g, '-')}.${Date.now()}@example.com`;
    await field.fill(email);

    const injected = await inject(page, '**/api/invites', fault, 201);
    await submit.click();
    await expectFaultMessage(form.locator('[data-part="alert"]'), fault, injected);

    // No endless spinner: the form is idle again, the button offers the retry, the address is still there.
    await expect(form).not.toHaveAttribute('aria-busy', 'true');
    await expect(submit).not.toHaveAttribute('aria-disabled', 'true');
    await expect(field).toHaveValue(email);
    if (fault.name !== 'offline') expect(injected.hits()).toBeGreaterThan(0);

    // The retry: the fault is gone, the same button sends it, the invite is created.
    await injected.release();
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/invites') && r.request().method() === 'POST',
    );
    await submit.click();
    expect((await answered).status()).toBe(201);
    await expect(form.locator('[data-part="result"]')).toContainText(email);
    await expect(form.locator('[data-part="alert"]')).toBeEmpty();
    expect(errors, 'uncaught page errors').toEqual([]);
  });
}
