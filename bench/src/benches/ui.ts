import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { SpliceBench } from '../../ui/measure.js';
import { median, percentile } from '../stats.js';

export interface UiRun {
  mountMs: number;
  keystrokeP95Ms: number;
  keystrokeP50Ms: number;
  keystrokes: number;
  heapMb: number;
  heapBeforeStepMb: number;
}

export interface UiResult {
  mountMs: number;
  keystrokeP95Ms: number;
  heapMb: number;
  runs: UiRun[];
  chromium: string;
}

const uiDir = fileURLToPath(new URL('../../ui', import.meta.url));
const distDir = path.join(uiDir, 'dist');
export const chromiumPath = '/usr/bin/chromium';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
];

/** Builds the bench page (bench/ui) for production with Vite: React's production build, minified. */
async function buildPage() {
  await build({
    root: uiDir,
    base: './',
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: distDir, emptyOutDir: true },
  });
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves bench/ui/dist on loopback. */
function serveDist(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(distDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(distDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

type PageWindow = typeof globalThis & { spliceBench: SpliceBench };

async function oneRun(
  browser: Browser,
  url: string,
  options: { fields: number; mappingEntries: number; query: string },
): Promise<UiRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const heapMb = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 1024 / 1024;
    };
    await page.goto(`${url}?fields=${options.fields}&mappings=${options.mappingEntries}`);
    await page.waitForSelector('form[data-step="objects"] button[data-part="submit"]');
    const heapBeforeStepMb = await heapMb();
    const mountMs = await page.evaluate(
      (count) => (window as unknown as PageWindow).spliceBench.mountReadStep(count),
      options.mappingEntries,
    );
    await page.evaluate(() => (window as unknown as PageWindow).spliceBench.instrumentFilter());
    const filter = page.getByLabel('Filter fields');
    await filter.focus();
    const keys = [...options.query, ...Array.from(options.query, () => 'Backspace')];
    for (const [index, key] of keys.entries()) {
      await page.keyboard.press(key);
      await page.waitForFunction(
        (count) => (window as unknown as PageWindow).spliceBench.samples().length >= count,
        index + 1,
      );
    }
    const samples = await page.evaluate(() => (window as unknown as PageWindow).spliceBench.samples());
    return {
      mountMs,
      keystrokeP95Ms: percentile(samples, 0.95),
      keystrokeP50Ms: percentile(samples, 0.5),
      keystrokes: samples.length,
      heapMb: await heapMb(),
      heapBeforeStepMb,
    };
  } finally {
    await context.close();
  }
}

/** The installation wizard's read step with a big object, in Debian's Chromium through Playwright. */
export async function measureUi(
  options: { fields: number; mappingEntries: number; runs: number; query: string },
  log: (line: string) => void,
): Promise<UiResult> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing at ${chromiumPath}: run 'apt-get install -y chromium'.`);
  }
  await buildPage();
  const server = await serveDist();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  try {
    // One unmeasured load warms the browser (code cache, fonts) as a returning user's would be.
    await oneRun(browser, server.url, options);
    const runs: UiRun[] = [];
    for (let run = 0; run < options.runs; run++) {
      const result = await oneRun(browser, server.url, options);
      log(
        `  run ${run + 1}/${options.runs}: mount ${result.mountMs.toFixed(0)} ms, keystroke p95 ` +
          `${result.keystrokeP95Ms.toFixed(1)} ms, heap ${result.heapMb.toFixed(1)} MB`,
      );
      runs.push(result);
    }
    return {
      mountMs: median(runs.map((r) => r.mountMs)),
      keystrokeP95Ms: median(runs.map((r) => r.keystrokeP95Ms)),
      heapMb: median(runs.map((r) => r.heapMb)),
      runs,
      chromium: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
