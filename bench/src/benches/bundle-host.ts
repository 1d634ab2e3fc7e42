import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Rollup } from 'vite';
import { build, version as viteVersion } from 'vite';
import { peerPackageVersion } from './bundle.js';

/** What one host page ships: its JS (every chunk) and CSS, each gzipped at level 9. */
export interface HostPageBytes {
  jsGzipBytes: number;
  jsMinBytes: number;
  cssGzipBytes: number;
  /**
   * Where the page's JS comes from: bytes per package as rendered into the chunk before minification
   * (workspace sources by package), 500 bytes and up.
   */
  jsRenderedBytesByPackage: Record<string, number>;
}

export interface HostBundleResult {
  /** What each page adds to the page without Splice, in gzipped JS, by page (`installation-wizard`, `all`…). */
  addedJsGzipBytes: Record<HostPage, number>;
  /** The same for CSS (the page without Splice has none). */
  addedCssGzipBytes: Record<HostPage, number>;
  /** `all` over the peer's `InstallIntegration` page, both less the page without Splice. */
  ratio: number;
  peerVersion: string;
  viteVersion: string;
  pages: Record<string, HostPageBytes>;
  command: string;
}

const pagesDir = fileURLToPath(new URL('../../host-pages', import.meta.url));
const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).length;

/** The page without Splice every figure is taken against, and the peer's page. */
export const baselinePage = 'without-splice';
export const peerPage = 'amp-labs-install-integration';

/** A page per component `@splice/react` exports, each inside a `SpliceProvider` if it needs one. */
export const componentPages = [
  'backfill-picker',
  'connect-button',
  'installation-wizard',
  'invite-form',
  'search-box',
  'splice-error-boundary',
  'splice-provider',
  'sync-status',
  'uninstall-button',
] as const;
export type HostPage = (typeof componentPages)[number] | 'all' | typeof peerPage;

/** The pages built: the baseline, every component's, `all` (every component on one page), the peer's. */
const pageNames = [baselinePage, ...componentPages, 'all', peerPage];

/** `installation-wizard` -> `InstallationWizard`: the component a page is named after. */
export const componentOfPage = (page: string) =>
  page.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * Every component `@splice/react` exports (a function or class named in PascalCase that is not an error
 * class) has a page, and every page in bench/host-pages is built, so none goes unmeasured.
 */
async function checkPages() {
  const library: Record<string, unknown> = await import('@splice/react');
  const components = Object.entries(library)
    .filter(([name, value]) => /^[A-Z]/.test(name) && typeof value === 'function')
    .filter(([, value]) => !((value as { prototype?: unknown }).prototype instanceof Error))
    .map(([name]) => name);
  const measured = new Set<string>(componentPages.map(componentOfPage));
  const missing = components.filter((name) => !measured.has(name));
  if (missing.length > 0) {
    throw new Error(
      `@splice/react exports ${missing.join(', ')} without a host page: add bench/host-pages/<name>.tsx ` +
        'to componentPages and its bundle_host_<name>_gzip_bytes key to report.ts',
    );
  }
  const files = readdirSync(pagesDir).map((file) => file.replace(/\.tsx$/, ''));
  const unbuilt = files.filter((file) => !pageNames.includes(file));
  if (unbuilt.length > 0) throw new Error(`bench/host-pages/${unbuilt.join(', ')}: not in componentPages`);
}

/** Which package a module of the build belongs to (workspace sources by their package's folder). */
function packageOf(moduleId: string): string {
  const modules = moduleId.split('node_modules/');
  if (modules.length > 1) {
    const parts = modules[modules.length - 1]!.split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const workspace = /packages\/([^/]+)\//.exec(moduleId);
  return workspace ? `@splice/${workspace[1]}` : 'the page';
}

/**
 * Builds one page as a host's Vite app would for production (Vite's defaults: its minifier, ES module
 * output, `NODE_ENV=production`, React's plugin), without writing to disk, and measures what it ships.
 */
async function buildPage(page: string): Promise<HostPageBytes> {
  const output = (await build({
    root: pagesDir,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    plugins: [react()],
    build: {
      write: false,
      rollupOptions: { input: path.join(pagesDir, `${page}.tsx`) },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const files = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  const chunks = files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const css = files.filter(
    (file): file is Rollup.OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'),
  );
  const byPackage = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const name = packageOf(id);
      byPackage.set(name, (byPackage.get(name) ?? 0) + module.renderedLength);
    }
  }
  return {
    jsGzipBytes: chunks.reduce((sum, chunk) => sum + gzip(chunk.code), 0),
    jsMinBytes: chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.code), 0),
    cssGzipBytes: css.reduce((sum, asset) => sum + gzip(asset.source), 0),
    jsRenderedBytesByPackage: Object.fromEntries(
      [...byPackage].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 500),
    ),
  };
}

/** Builds every host page in turn (one Vite build at a time) and takes each less the page without Splice. */
export async function measureHostBundles(log: (line: string) => void): Promise<HostBundleResult> {
  await checkPages();
  const pages: Record<string, HostPageBytes> = {};
  for (const page of pageNames) pages[page] = await buildPage(page);
  const baseline = pages[baselinePage]!;
  const addedJsGzipBytes = {} as Record<HostPage, number>;
  const addedCssGzipBytes = {} as Record<HostPage, number>;
  for (const page of pageNames) {
    if (page === baselinePage) continue;
    const added = pages[page]!;
    addedJsGzipBytes[page as HostPage] = added.jsGzipBytes - baseline.jsGzipBytes;
    addedCssGzipBytes[page as HostPage] = added.cssGzipBytes - baseline.cssGzipBytes;
    log(
      `  ${page}: +${added.jsGzipBytes - baseline.jsGzipBytes} B js, ` +
        `+${added.cssGzipBytes - baseline.cssGzipBytes} B css (gzip)`,
    );
  }
  return {
    addedJsGzipBytes,
    addedCssGzipBytes,
    ratio: addedJsGzipBytes.all / addedJsGzipBytes[peerPage],
    peerVersion: peerPackageVersion(),
    viteVersion,
    pages,
    command:
      `vite ${viteVersion} build (configFile false, @vitejs/plugin-react, mode production, Vite's default ` +
      'minifier and target) of bench/host-pages/<page>.tsx as the entry; JS chunks and CSS assets each ' +
      'gzip -9, summed; each page less without-splice.tsx',
  };
}
