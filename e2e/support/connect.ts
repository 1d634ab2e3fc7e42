import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Has the sandbox CRM revoke the signed-in company's connection (the demo's sandbox control, as the
 * settings page's button does), so that the wizard and the status component offer "Reconnect".
 */
export async function breakConnection(page: Page, origin: string): Promise<void> {
  const response = await page.request.post('/demo/sandbox/break-connection', {
    data: {},
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).connection.status).toBe('bad_credentials');
}

/** The signed-in company's connection as the BFF shows it (null before the first connect). */
export async function connectionStatus(page: Page): Promise<string | null> {
  const response = await page.request.get('/api/integrations/crm-sync/connection');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { connection: { status: string } | null }).connection?.status ?? null;
}
