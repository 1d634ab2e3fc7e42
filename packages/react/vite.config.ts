import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Every dependency and peer stays an import (subpaths too: `react/jsx-runtime`, `zod/mini`). */
const externalPackages = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
const isExternal = (id: string) => externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * The library build (`pnpm --filter @splice/react build`): ESM, one output module per source module so
 * that each component keeps its `'use client'` directive and a host's bundler tree-shakes per file, not
 * minified (the host minifies; readable output is easier to debug), `styles.css` copied beside it.
 * Declarations come from `tsc -p tsconfig.build.json`; the answer and body types they name come from
 * @splice/schema (a dependency), so they need neither @splice/bff nor hono.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    lib: {
      entry: `${root}src/index.ts`,
      formats: ['es'],
    },
    rolldownOptions: {
      external: isExternal,
      // Rolldown warns that module directives "may not be preserved"; with one output module per source
      // module they are (src/built-package.test.ts checks every `'use client'` in dist).
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: {
        preserveModules: true,
        preserveModulesRoot: `${root}src`,
        entryFileNames: '[name].js',
      },
    },
  },
  plugins: [
    {
      name: 'splice:copy-styles',
      apply: 'build',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'styles.css',
          source: readFileSync(`${root}src/styles.css`, 'utf8'),
        });
      },
    },
  ],
});
