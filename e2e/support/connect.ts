import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { signedInConnectedUser } from './users.js';

/** `POST /demo/provider/<control>` from the app's origin, as the settings page's buttons send it. */
async function providerControl(page: Page, origin: string, control: string, data: unknown) {
  const response = await page.request.post(`/demo/provider/${control}`, {
    data,
    headers: { Origin: origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/**
 * Has the signed-in company's CRM emulator revoke the app's grants (the demo's provider control, as the
 * settings page's button does); the service learns it from the provider's 401 on its next call, which the
 * control makes, so the wizard and the status component offer "Reconnect".
 */
export async function breakConnection(page: Page, origin: string): Promise<void> {
  const answer = await providerControl(page, origin, 'break-connection', {});
  expect(answer.connection.status).toBe('bad_credentials');
}

/** Throttles the signed-in company's CRM account at its emulator, or (false) restores its rate limit. */
export async function throttleCrm(page: Page, origin: string, throttled: boolean): Promise<void> {
  const answer = await providerControl(page, origin, 'throttle', { throttled });
  expect(answer.throttled).toBe(throttled);
}

/** A record the emulator created, changed or deleted. */
export interface ChangedRecord {
  objectType: string;
  id: string;
  kind: 'created' | 'updated' | 'deleted';
}

/**
 * Creates, changes and deletes `count` records in the signed-in company's CRM account (at `provider`, when
 * named) now, and answers them once a read started from then on covers them: a read reads the changes
 * made up to the last whole second before it starts (a change made while it runs falls to the next read),
 * so that is a matter of the clock, with nothing to wait for but it.
 */
export async function applyCrmChanges(
  page: Page,
  origin: string,
  count: number,
  provider?: string,
): Promise<ChangedRecord[]> {
  const answer = await providerControl(page, origin, 'changes', { count, ...(provider && { provider }) });
  if (provider) expect(answer.provider).toBe(provider);
  const readableFrom = (Math.floor(Date.now() / 1000) + 2) * 1000;
  await page.waitForTimeout(Math.max(0, readableFrom - Date.now()));
  return answer.changes as ChangedRecord[];
}

/**
 * The signed-in company's connection for an integration (without one: the integration of its CRM in the
 * demo data) as the BFF shows it (null before the first connect).
 */
export async function connectionStatus(page: Page, integration?: string): Promise<string | null> {
  const id = integration ?? (await signedInConnectedUser(page)).integration;
  const response = await page.request.get(`/api/integrations/${id}/connection`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { connection: { status: string } | null }).connection?.status ?? null;
}
