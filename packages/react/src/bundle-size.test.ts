// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * What a host's page pays for the library's styles. The JavaScript's size is a figure of `pnpm bench`
 * (`bundle_host_*`: a Vite production build of a host page per component, against the same page without
 * Splice), since what a host pays for it depends on its bundler and on which components it imports.
 */
const budget = { cssGzip: 6 * 1024 };

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const gzip = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('bundle size', () => {
  it('costs a host at most 6 KB of CSS (gzip)', () => {
    const css = gzip(readFileSync(`${packageDir}src/styles.css`));
    console.log(`@splice/react CSS: ${css} bytes gzip (${kb(css)} of ${kb(budget.cssGzip)})`);
    expect(css).toBeLessThanOrEqual(budget.cssGzip);
  });
});
