import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';

test.use({ baseURL: servers.neverInstalls.url });

// Walking the demo: in the "CRM account" card, "Connect Sandbox CRM" touched "Sandbox controls" below it.
for (const width of [1280, 390]) {
  test(`the CRM account card's connect button and sandbox controls are spaced apart at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, users.carol);
    await openPage(page, '/installation');
    const account = page.getByRole('region', { name: 'CRM account' });
    const connect = await account.getByRole('button', { name: 'Connect Sandbox CRM' }).boundingBox();
    const controls = await account.getByText('Sandbox controls').boundingBox();
    if (!connect || !controls) throw new Error('a part of the card is not shown');
    expect(controls.y - (connect.y + connect.height)).toBeGreaterThanOrEqual(8);
  });
}
