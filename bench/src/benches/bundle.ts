import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

export interface BundleResult {
  reactJsGzipBytes: number;
  reactJsMinBytes: number;
  reactCssGzipBytes: number;
  reactCssMinBytes: number;
  peerJsGzipBytes: number;
  peerJsMinBytes: number;
  peerCssGzipBytes: number;
  peerVersion: string;
  ratio: number;
  /** Where @splice/react's minified bytes come from (before gzip), per package; 500 bytes and up. */
  reactJsMinBytesByPackage: Record<string, number>;
  command: string;
}

const benchDir = fileURLToPath(new URL('..', import.meta.url));
const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).length;

/** Only the React runtime stays outside (the host has it anyway); everything the entry pulls in is counted. */
const external = ['react', 'react-dom', 'react/jsx-runtime'];

/**
 * A package's whole ESM entry (`export * from 'pkg'`, so nothing is tree-shaken away), bundled with
 * esbuild for the browser, minified, NODE_ENV=production, then gzipped at level 9.
 */
async function bundleEntry(specifier: string) {
  const result = await esbuild.build({
    stdin: { contents: `export * from '${specifier}';`, resolveDir: benchDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    // A peer that imports styles or assets from its entry still bundles; only the JS is counted.
    loader: { '.css': 'css', '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl', '.woff': 'dataurl' },
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const js = result.outputFiles.filter((file) => file.path.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + file.contents.length, 0);
  const gzipped = gzip(Buffer.concat(js.map((file) => file.contents)));
  return { minBytes: bytes, gzipBytes: gzipped, byPackage: minifiedBytesByPackage(result.metafile) };
}

/** Minified bytes in the output per package (workspace sources by their folder), largest first. */
function minifiedBytesByPackage(metafile: esbuild.Metafile): Record<string, number> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const modules = input.split('node_modules/');
      const last = modules[modules.length - 1]!;
      let name: string;
      if (modules.length > 1) {
        const parts = last.split('/');
        name = last.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
      } else {
        const match = /packages\/([^/]+)\/src\/(?:([^/]+)\/)?/.exec(input);
        name = match ? `@splice/${match[1]}${match[2] ? ` (${match[2]})` : ''}` : input;
      }
      totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
    }
  }
  return Object.fromEntries([...totals].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 500));
}

async function minifiedCss(file: string) {
  const css = await esbuild.transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true });
  return { minBytes: Buffer.byteLength(css.code), gzipBytes: gzip(css.code) };
}

/** The installed `@amp-labs/react`'s version. */
export function peerPackageVersion(): string {
  const require = createRequire(new URL('../package.json', import.meta.url));
  // The package's exports do not list package.json: read it beside its build directory.
  const peerPackageJson = path.join(
    path.dirname(require.resolve('@amp-labs/react/styles')),
    '..',
    'package.json',
  );
  return (JSON.parse(readFileSync(peerPackageJson, 'utf8')) as { version: string }).version;
}

export async function measureBundles(): Promise<BundleResult> {
  const require = createRequire(new URL('../package.json', import.meta.url));
  const ours = await bundleEntry('@splice/react');
  const peer = await bundleEntry('@amp-labs/react');
  const oursCss = await minifiedCss(fileURLToPath(import.meta.resolve('@splice/react/styles.css')));
  const peerCss = await minifiedCss(require.resolve('@amp-labs/react/styles'));
  const peerVersion = peerPackageVersion();
  return {
    reactJsGzipBytes: ours.gzipBytes,
    reactJsMinBytes: ours.minBytes,
    reactCssGzipBytes: oursCss.gzipBytes,
    reactCssMinBytes: oursCss.minBytes,
    peerJsGzipBytes: peer.gzipBytes,
    peerJsMinBytes: peer.minBytes,
    peerCssGzipBytes: peerCss.gzipBytes,
    peerVersion,
    reactJsMinBytesByPackage: ours.byPackage,
    ratio: ours.gzipBytes / peer.gzipBytes,
    command:
      "esbuild (stdin `export * from '<pkg>'`) --bundle --minify --format=esm --platform=browser " +
      '--external:react --external:react-dom --external:react/jsx-runtime ' +
      '--define:process.env.NODE_ENV=\'"production"\' | gzip -9; CSS: esbuild --minify | gzip -9',
  };
}
