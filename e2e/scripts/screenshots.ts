/**
 * Screenshots of the demo for the README: starts a demo of its own on a fresh data folder, signs in and
 * writes one PNG per page and theme to docs/screenshots/. Run with `pnpm --filter @splice/e2e screenshots`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { seededConfigFor } from '../support/seed-installation.js';

const port = Number(process.env.SCREENSHOTS_PORT ?? 5196);
const origin = `http://127.0.0.1:${port}`;
const demoDir = fileURLToPath(new URL('../../apps/demo', import.meta.url));
const outDir = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));

async function waitForDemo(demo: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (demo.exitCode !== null) throw new Error(`The demo exited with code ${demo.exitCode}.`);
    const ready = await fetch(`${origin}/demo/session`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The demo did not answer on ${origin} within a minute.`);
}

async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await page.request.post(path, { data, headers });
  if (!response.ok() && response.status() !== 409) {
    throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  }
}

async function shoot(page: Page, name: string, theme: string) {
  // Let fonts, focus rings and transitions settle so that the pictures are stable.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(outDir, `${name}-${theme}.png`) });
  console.log(`  docs/screenshots/${name}-${theme}.png`);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'splice-screenshots-'));
  const demo = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: demoDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-gpu',
    ],
  });
  try {
    await waitForDemo(demo);
    mkdirSync(outDir, { recursive: true });
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        baseURL: origin,
        colorScheme: theme,
        viewport: { width: 1280, height: 860 },
      });
      const page = await context.newPage();

      await page.goto('/');
      await page.getByRole('radio', { name: /alice@acme/ }).waitFor();
      await shoot(page, 'sign-in', theme);

      // Alice's company (HubSpot) has nothing installed: the wizard from its first step, then a read step.
      await post(page, '/demo/sign-in', { user: 'alice@acme' });
      // The page learns of a sign-in made outside it (here, through the API) when it loads again.
      await page.goto('/#/install');
      await page.reload();
      const wizard = page.locator('[data-scope="installation-wizard"]');
      await wizard.locator('form[data-part="step"]').waitFor();
      await shoot(page, 'install', theme);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('combobox', { name: 'Pipeline stage' }).fill('hs_lead_status');
      await wizard.getByRole('heading', { name: /Read Contacts/ }).waitFor();
      // The mapping part of the step, scrolled to the top of the window.
      await page.getByRole('group', { name: 'Match your fields' }).evaluate((group) => {
        group.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -24);
      });
      await shoot(page, 'install-mapping', theme);

      // Bob's company (Salesforce) is installed: its settings, a search with results and an invite.
      await post(page, '/demo/sign-in', { user: 'bob@globex' });
      await post(page, '/api/integrations/salesforce-sync/installations', seededConfigFor('salesforce'), {
        'X-Requested-With': 'splice',
        'Idempotency-Key': 'screenshots-seed',
      });
      await page.goto('/#/installation');
      await page.reload();
      await page
        .getByRole('region', { name: 'Reads Contacts' })
        .getByRole('table', { name: 'Field mapping' })
        .waitFor();
      await shoot(page, 'installation', theme);

      await page.goto('/#/search');
      const box = page.locator('[data-scope="search-box"]');
      await box.getByRole('button', { name: 'Add condition' }).click();
      await box.getByLabel('Field', { exact: true }).selectOption('stage');
      await box.getByLabel('Value', { exact: true }).selectOption('won');
      await box.getByRole('button', { name: 'Search', exact: true }).click();
      await box.getByRole('table').waitFor();
      await shoot(page, 'search', theme);

      await page.goto('/#/team');
      await page.getByRole('textbox', { name: 'E-mail' }).fill(`dana.${theme}@example.com`);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page
        .getByRole('list', { name: 'Pending invites' })
        .getByText(`dana.${theme}@example.com`)
        .waitFor();
      await shoot(page, 'team', theme);
      await context.close();
    }
  } finally {
    await browser.close();
    demo.kill('SIGTERM');
    await new Promise((resolve) => demo.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
