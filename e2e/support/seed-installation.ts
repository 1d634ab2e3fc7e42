import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { recommendedContent } from '@splice/service/demo-fixtures';

/**
 * The installation the search specs read through: the demo's recommended contacts config (every field,
 * `stage` mapped to the CRM's `status` with its values, `priority` to `score`), 30 days of history.
 * Created through the BFF as the page would (session cookie, CSRF header, Idempotency-Key), for the
 * signed-in user's group.
 */
export const seededConfig = { config: { content: recommendedContent({ defaultPeriod: { days: 30 } }) } };

/**
 * Installs `seededConfig` for the signed-in user's group unless it is installed already. Several specs
 * call it for the same group, at once or one after another: the fixed key makes concurrent calls one
 * create, and a later call meets either the replayed 201 or a 409 (installed), both fine here.
 */
export async function seedInstallation(page: Page): Promise<void> {
  const response = await page.request.post('/api/integrations/crm-sync/installations', {
    headers: { 'X-Requested-With': 'splice', 'Idempotency-Key': 'e2e-seed-installation' },
    data: seededConfig,
  });
  expect([201, 409], await response.text()).toContain(response.status());
}
