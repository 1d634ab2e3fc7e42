import { expect, test } from '@playwright/test';
import { servers } from '../support/servers.js';
import { openPage, signInAs } from '../support/session.js';
import { users } from '../support/users.js';
import { hubspot, salesforce } from './crm.shared.js';

test.use({ baseURL: servers.neverInstalls.url });

// Walking the demo: in the "CRM account" card, the Connect button touched the controls below it.
for (const crm of [hubspot, salesforce]) {
  for (const width of [1280, 390]) {
    test(`the CRM account card's Connect ${crm.providerName} button and emulator controls are spaced apart at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAs(page, users.carol);
      await openPage(page, `/installation?integration=${crm.integration}`);
      const account = page.getByRole('region', { name: 'CRM account' });
      const connect = await account
        .getByRole('button', { name: `Connect ${crm.providerName}` })
        .boundingBox();
      const controls = await account.getByText('CRM emulator controls').boundingBox();
      if (!connect || !controls) throw new Error('a part of the card is not shown');
      expect(controls.y - (connect.y + connect.height)).toBeGreaterThanOrEqual(8);
    });
  }
}
