import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { DemoCrm } from '@splice/service/demo-fixtures';
import { recommendedCrmContent, recommendedCrmReads } from '@splice/service/demo-fixtures';
import type { ConnectedUser } from './users.js';
import { signedInConnectedUser } from './users.js';

/**
 * The installation the specs read through: the demo's recommended contacts config for a CRM (every field,
 * `stage` mapped to HubSpot's lead status or Salesforce's lead source with their values, `priority` to
 * HubSpot's score), the whole history (the emulators' records were last changed in mid-2025).
 */
export function seededConfigFor(crm: DemoCrm) {
  return { config: { content: recommendedCrmContent(crm, { defaultPeriod: { fullHistory: true } }) } };
}

/** Acme's seeded installation: the recommended HubSpot one. */
export const seededConfig = seededConfigFor('hubspot');

/** The integration of the demo manifest that syncs a CRM (`hubspot-sync`, `salesforce-sync`). */
export const integrationOf = (crm: DemoCrm): string => recommendedCrmReads[crm].integration;

/**
 * Installs `seededConfigFor` the user's CRM (without a user: the signed-in one's) for the signed-in user's
 * group unless it is installed already.
 * Created through the BFF as the page would (session cookie, CSRF header, Idempotency-Key). Several specs
 * call it for the same group, at once or one after another: the fixed key makes concurrent calls one
 * create, and a later call meets either the replayed 201 or a 409 (installed), both fine here.
 */
export async function seedInstallation(page: Page, as?: ConnectedUser): Promise<void> {
  const user = as ?? (await signedInConnectedUser(page));
  const response = await page.request.post(`/api/integrations/${user.integration}/installations`, {
    headers: { 'X-Requested-With': 'splice', 'Idempotency-Key': `e2e-seed-installation-${user.crm}` },
    data: seededConfigFor(user.crm),
  });
  expect([201, 409], await response.text()).toContain(response.status());
}
