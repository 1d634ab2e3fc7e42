// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The budgets of issue 4: what a host's page pays for the whole library, React itself aside. */
const budget = { jsGzip: 50 * 1024, cssGzip: 6 * 1024 };

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Minified bytes per dependency (or `@splice/react` for the library's own code), largest first. */
function bytesByPackage(inputs: Record<string, { bytesInOutput: number }>) {
  const totals = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const name =
      /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ??
      (path.includes('schema/src') ? '@splice/schema' : '@splice/react');
    totals.set(name, (totals.get(name) ?? 0) + bytesInOutput);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

describe('bundle size', () => {
  it('costs a host at most 50 KB of JS (min+gzip) with only React external', async () => {
    const result = await build({
      absWorkingDir: packageDir,
      entryPoints: ['src/index.ts'],
      bundle: true,
      minify: true,
      format: 'esm',
      external: ['react', 'react-dom', 'react/jsx-runtime'],
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    const js = gzip(output!.contents);
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs;
    console.log(
      [
        `@splice/react JS: ${output!.contents.length} bytes minified, ${js} bytes gzip (${kb(js)} of ${kb(budget.jsGzip)})`,
        ...bytesByPackage(inputs).map(([name, bytes]) => `  ${name}: ${bytes} bytes minified`),
      ].join('\n'),
    );
    expect(js).toBeLessThanOrEqual(budget.jsGzip);
  });

  it('costs a host at most 6 KB of CSS (gzip)', () => {
    const css = gzip(readFileSync(`${packageDir}src/styles.css`));
    console.log(`@splice/react CSS: ${css} bytes gzip (${kb(css)} of ${kb(budget.cssGzip)})`);
    expect(css).toBeLessThanOrEqual(budget.cssGzip);
  });
});
