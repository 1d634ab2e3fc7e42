// @vitest-environment node
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(packageDir, '../schema');

interface Manifest {
  name: string;
  exports?: unknown;
  publishConfig?: { exports?: unknown };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const manifest = readJson(join(packageDir, 'package.json'));

function filesUnder(directory: string, keep: (path: string) => boolean): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(keep);
}

/** The package as a registry would install it: `publishConfig.exports` in place of the source exports. */
function writePublishedManifest(source: Manifest, directory: string) {
  const { publishConfig, ...rest } = source;
  writeFileSync(
    join(directory, 'package.json'),
    JSON.stringify({ ...rest, exports: publishConfig?.exports }),
  );
}

/** @splice/schema's JS as its `tsc -p tsconfig.build.json` writes it (transpiled only: no type check). */
function buildSchema(outDir: string) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(schemaDir, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  if (!config) throw new Error('Cannot read packages/schema/tsconfig.build.json');
  for (const file of config.fileNames) {
    const output = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { ...config.options, declaration: false },
      fileName: file,
    });
    const target = join(outDir, relative(join(schemaDir, 'src'), file).replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, output.outputText);
  }
}

/**
 * Builds @splice/react (the same vite config as `pnpm build`, JS only) and @splice/schema into a
 * throwaway `node_modules`, beside symlinks to their dependencies, so that plain Node resolves
 * `@splice/react` exactly as a host that installed it from a registry would: no source, no workspace.
 */
function installBuiltPackages(root: string) {
  const modules = join(root, 'node_modules');
  const reactDir = join(modules, '@splice/react');
  const schemaOut = join(modules, '@splice/schema');
  mkdirSync(reactDir, { recursive: true });
  mkdirSync(schemaOut, { recursive: true });
  writePublishedManifest(manifest, reactDir);
  writePublishedManifest(readJson(join(schemaDir, 'package.json')), schemaOut);
  buildSchema(join(schemaOut, 'dist'));
  const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }).filter(
    (name) => !name.startsWith('@splice/'),
  );
  for (const name of dependencies) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(realpathSync(join(packageDir, 'node_modules', name)), join(modules, name), 'dir');
  }
  return { reactDist: join(reactDir, 'dist') };
}

/** Runs in a separate `node`: imports the built package and renders each component to a string. */
const probe = `
import * as library from '@splice/react';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const { SpliceProvider, InstallationWizard, BackfillPicker, InviteForm, SearchBox } = library;
const inProvider = (element) => renderToString(h(SpliceProvider, { baseUrl: '/bff', theme: 'dark' }, element));
const html = {
  InstallationWizard: inProvider(h(InstallationWizard, { integrationId: 'crm-sync' })),
  BackfillPicker: inProvider(h(BackfillPicker, { defaultValue: { defaultPeriod: { days: 30 } } })),
  BackfillPickerAlone: renderToString(h(BackfillPicker)),
  InviteForm: inProvider(h(InviteForm)),
  SearchBox: inProvider(h(SearchBox, { integrationId: 'crm-sync' })),
};
process.stdout.write(JSON.stringify({ exports: Object.keys(library).sort(), html, window: typeof window }));
`;

interface ProbeResult {
  exports: string[];
  html: Record<string, string>;
  window: string;
}

describe('the built package', () => {
  let root: string;
  let reactDist: string;
  let result: ProbeResult;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'splice-react-built-'));
    ({ reactDist } = installBuiltPackages(root));
    await build({
      configFile: join(packageDir, 'vite.config.ts'),
      root: packageDir,
      logLevel: 'warn',
      build: { outDir: reactDist, emptyOutDir: true, sourcemap: false },
    });
    writeFileSync(join(root, 'probe.mjs'), probe);
    const { stdout } = await promisify(execFile)(process.execPath, ['probe.mjs'], { cwd: root });
    result = JSON.parse(stdout) as ProbeResult;
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('imports in plain Node without a DOM, exporting what src/index.ts exports', async () => {
    const source = await import('./index.js');
    expect(result.window).toBe('undefined');
    expect(result.exports).toEqual(Object.keys(source).sort());
  });

  it('renders each component to a string inside a SpliceProvider, data-backed ones in their loading state', () => {
    const { html } = result;
    expect(html.InstallationWizard).toContain('data-scope="installation-wizard"');
    expect(html.InstallationWizard).toContain('data-state="loading"');
    expect(html.SearchBox).toContain('data-scope="search-box"');
    expect(html.SearchBox).toContain('data-state="loading"');
    expect(html.InviteForm).toContain('data-scope="invite-form"');
    expect(html.InviteForm).toContain('data-theme="dark"');
    expect(html.BackfillPicker).toContain('data-scope="backfill-picker"');
    expect(html.BackfillPickerAlone).toContain('data-theme="light"');
  });

  it("keeps 'use client' at the top of exactly the modules whose source starts with it", () => {
    const sources = filesUnder(
      join(packageDir, 'src'),
      (path) => /\.tsx?$/.test(path) && !/\.(test|stories)\.tsx?$|test-utils/.test(path),
    );
    const clientModules = sources.filter((path) => readFileSync(path, 'utf8').startsWith("'use client'"));
    expect(clientModules.length).toBeGreaterThan(10);
    for (const path of sources) {
      const output = join(reactDist, relative(join(packageDir, 'src'), path).replace(/\.tsx?$/, '.js'));
      let text: string;
      try {
        text = readFileSync(output, 'utf8');
      } catch {
        continue; // type-only modules have no output
      }
      expect(text.startsWith('"use client";'), relative(packageDir, output)).toBe(
        clientModules.includes(path),
      );
    }
  });

  it('imports only its declared dependencies and peers, and ships styles.css as its own file', () => {
    const allowed = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    const imported = new Set<string>();
    for (const path of filesUnder(reactDist, (p) => p.endsWith('.js'))) {
      for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/\bfrom\s*"([^".][^"]*)"/g)) {
        imported.add(
          specifier?.startsWith('@') ? specifier.split('/', 2).join('/') : specifier!.split('/')[0]!,
        );
      }
    }
    expect([...imported].filter((name) => !allowed.includes(name))).toEqual([]);
    expect(readFileSync(join(reactDist, 'styles.css'), 'utf8')).toBe(
      readFileSync(join(packageDir, 'src/styles.css'), 'utf8'),
    );
  });
});
