import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, type Response, test } from '@playwright/test';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from '@splice/provider-emulators';
import { providerAppsFromEnv, type RunningService, startService } from '@splice/service';
import { buildPage, type ServedPage, servePage } from '../pages/ampersand-react/build-page.js';

// Ampersand's published React library, unchanged, pointed at an embedded service of its own through the
// library's build-time server variable: the service stands in for the hosted one as far as the library
// can tell. Its own service and HubSpot emulator, so nothing here meets the demo servers' state.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let hubspot: RunningHubSpotEmulator;
let service: RunningService;
let served: ServedPage;
const dataDir = mkdtempSync(join(tmpdir(), 'splice-e2e-amp-service-'));
const pageDir = mkdtempSync(join(tmpdir(), 'splice-e2e-amp-page-'));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  hubspot = await startHubSpotEmulator();
  served = await servePage(pageDir);
  service = await startService({
    port: 0,
    dataDir,
    apiKey: 'e2e-amp-page-key',
    runReads: false,
    runWrites: false,
    providerApps: providerAppsFromEnv({ SPLICE_HUBSPOT_BASE_URL: hubspot.url }),
    browserOrigins: [served.origin],
  });
  await buildPage(pageDir, {
    server: service.publicUrl,
    apiKey: service.apiKey,
    project: 'demo',
    integration: 'hubspot-sync',
  });
});

test.afterAll(async () => {
  await Promise.all([service?.close(), hubspot?.close(), served?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(pageDir, { recursive: true, force: true });
});

/** Every answer the service gave the page, as `METHOD path status`. */
function recordServiceAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== service.publicUrl) return;
    answers.push(`${response.request().method()} ${url.pathname}${url.search} ${response.status()}`);
  });
  return answers;
}

test('connects HubSpot, installs, shows the installation after a reload, updates and uninstalls, with no request refused', async ({
  page,
}) => {
  const answers = recordServiceAnswers(page);
  // The library's logos and links point at Ampersand's hosts: nothing leaves the machine.
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  await page.goto(served.origin);

  await test.step("connect through the emulator's consent page, in the popup the library opens", async () => {
    // What the popup tells this window, recorded beside the library's own listener.
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { seenMessages: unknown[] }).seenMessages = seen;
      window.addEventListener('message', (event) => seen.push({ origin: event.origin, data: event.data }));
    });
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Next' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Allow' }).click();
    // The service's callback page posts the connection in the message the hosted clients wait for.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seenMessages: unknown[] }).seenMessages))
      .toContainEqual({
        origin: service.publicUrl,
        data: { eventType: 'AUTHORIZATION_SUCCEEDED', data: { connection: expect.any(String) } },
      });
    // The library closes the popup when its listener takes the message; it may have moved on first,
    // having found the connection itself.
    if (!popup.isClosed()) await popup.close();
    await expect(page.getByRole('button', { name: 'Install' })).toBeVisible();
  });

  await test.step('install with the stage mapped to Lead Status', async () => {
    // The hydrated revision lists the manifest's fields with HubSpot's display names.
    await expect(page.getByText('Northwind Pipeline reads the following fields')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Annual Revenue' })).toBeVisible();
    const stage = page.getByRole('combobox').first();
    await stage.click();
    await stage.fill('Lead');
    await page.getByRole('option', { name: 'Lead Status' }).click();
    await page.getByRole('button', { name: 'Install' }).click();
    await expect(page.getByTestId('last-event')).toHaveText(/^installed \S+$/);
  });

  const installationId = (await page.getByTestId('last-event').textContent())?.split(' ')[1];
  const stored = await fetch(
    `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations/${installationId}`,
    { headers: { 'x-api-key': service.apiKey } },
  );
  expect(stored.status).toBe(200);
  const installation = await stored.json();
  expect(installation.config.content.read.objects.contacts.selectedFieldMappings).toMatchObject({
    stage: 'hs_lead_status',
  });

  await test.step('after a reload, the installed view with the saved mapping', async () => {
    await page.reload();
    await expect(page.getByText('Reading from Contacts is enabled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expect(page.getByRole('combobox').first()).toHaveValue('Lead Status');
  });

  await test.step('update: read Job Title too', async () => {
    await page.getByRole('checkbox', { name: 'Job Title' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('last-event')).toHaveText(`updated ${installationId}`);
    const updated = await fetch(
      `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations/${installationId}`,
      { headers: { 'x-api-key': service.apiKey } },
    );
    const content = (await updated.json()).config.content;
    expect(content.read.objects.contacts.selectedFields).toMatchObject({ jobtitle: true });
  });

  await test.step('uninstall', async () => {
    await page.getByRole('tab', { name: 'Manage' }).click();
    await expect(page.getByText('Uninstall entire integration')).toBeVisible();
    await page.getByRole('button', { name: 'Yes, uninstall' }).click();
    await expect(page.getByTestId('last-event')).toHaveText(`uninstalled ${installationId}`);
    const gone = await fetch(
      `${service.baseUrl}/projects/demo/integrations/hubspot-sync/installations/${installationId}`,
      { headers: { 'x-api-key': service.apiKey } },
    );
    expect(gone.status).toBe(404);
  });

  // Every request the library sent was answered: none met a missing operation or a server failure.
  expect(answers.length).toBeGreaterThan(10);
  expect(answers.filter((answer) => / (404|5\d\d)$/.test(answer))).toEqual([]);
  for (const operation of [
    'GET /v1/projects/demo ',
    'GET /v1/projects/demo/integrations ',
    'GET /v1/providers/hubspot ',
    'POST /v1/oauth-connect ',
    ':hydrate?connectionId=',
    'POST /v1/projects/demo/integrations/hubspot-sync/installations ',
    'PATCH /v1/projects/demo/integrations/hubspot-sync/installations/',
    'DELETE /v1/projects/demo/integrations/hubspot-sync/installations/',
  ]) {
    expect(
      answers.some((answer) => answer.includes(operation)),
      operation,
    ).toBe(true);
  }
});
