/**
 * The public surface of each package, as API Extractor reports it: one `api/<name>.api.md` per entry point
 * a package publishes (`publishConfig.exports`), committed beside the package. `pnpm api:update`
 * regenerates them; `pnpm api:check` (and the `packaging` test project) fails when a package's surface no
 * longer matches its committed report.
 *
 * Declarations come from each package's own `tsconfig.build.json` (plain tsc), written to the package's
 * git-ignored `.api-types/` folder, so the check needs no prior build and leaves `dist/` alone.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const repo = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
export const packageDirs = ['schema', 'server-kit', 'sandbox-data', 'service', 'bff', 'react'].map((name) =>
  join(repo, 'packages', name),
);
export const updateCommand = 'pnpm api:update';

export interface ReportOutcome {
  /** e.g. `packages/bff/api/bff-dev.api.md`, relative to the repository. */
  report: string;
  entryPoint: string;
  changed: boolean;
  /** Where API Extractor wrote the report it found, when that differs from the committed one. */
  newReport: string;
  problems: string[];
}

interface PublishManifest {
  name: string;
  publishConfig: { exports: Record<string, string | { types?: string }> };
}

/** Each entry point with types: `.` becomes `<name>`, `./dev` becomes `<name>-dev`. */
function entryPoints(packageDir: string) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PublishManifest;
  const unscoped = manifest.name.replace(/^@[^/]+\//, '');
  return Object.entries(manifest.publishConfig.exports).flatMap(([subpath, target]) => {
    const types = typeof target === 'string' ? undefined : target.types;
    if (!types) return [];
    return [
      {
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
        reportName: subpath === '.' ? unscoped : `${unscoped}-${subpath.slice(2).replaceAll('/', '-')}`,
        // `./dist/dev/index.d.ts` in the package is `.api-types/dev/index.d.ts` here.
        declaration: types.replace(/^\.\/dist\//, ''),
      },
    ];
  });
}

async function emitDeclarations(packageDir: string, outDir: string) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const args = ['-p', 'tsconfig.build.json', '--declaration', '--emitDeclarationOnly'];
  await promisify(execFile)(
    process.execPath,
    [tsc, ...args, '--declarationMap', 'false', '--outDir', outDir],
    {
      cwd: packageDir,
    },
  );
}

function extract(
  packageDir: string,
  typesDir: string,
  entry: ReturnType<typeof entryPoints>[number],
  update: boolean,
) {
  const problems: string[] = [];
  if (update) mkdirSync(join(packageDir, 'api'), { recursive: true });
  const config = ExtractorConfig.prepare({
    configObjectFullPath: join(packageDir, 'api-extractor.json'), // not read: names the project folder
    packageJsonFullPath: join(packageDir, 'package.json'),
    configObject: {
      projectFolder: packageDir,
      mainEntryPointFilePath: join(typesDir, entry.declaration),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2023', 'DOM'],
            jsx: 'react-jsx',
            strict: true,
            skipLibCheck: true,
            types: ['node'],
          },
          files: [join(typesDir, entry.declaration)],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.reportName,
        reportFolder: join(packageDir, 'api'),
        reportTempFolder: join(typesDir, 'reports'),
      },
      newlineKind: 'lf',
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.None },
          // A public type that refers to an unexported one: noted in the report, so a reviewer sees it.
          'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        },
        // Our comments are plain JSDoc, not strict TSDoc.
        tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
      },
    },
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    messageCallback: (message) => {
      // API Extractor's own "the report changed, copy it" notice: the caller says it in our terms.
      if (message.messageId.startsWith('console-api-report-')) message.handled = true;
      else if (
        message.logLevel === ExtractorLogLevel.Error ||
        message.logLevel === ExtractorLogLevel.Warning
      ) {
        problems.push(message.formatMessageWithLocation(repo));
        message.handled = true;
      } else message.handled = true;
    },
  });
  return {
    report: relative(repo, join(packageDir, 'api', `${entry.reportName}.api.md`)),
    entryPoint: entry.specifier,
    changed: result.apiReportChanged,
    newReport: relative(repo, join(typesDir, 'reports', `${entry.reportName}.api.md`)),
    problems,
  } satisfies ReportOutcome;
}

/** Compares (or, with `update`, rewrites) every committed report against the packages' current surface. */
export async function apiReports(update: boolean): Promise<ReportOutcome[]> {
  const typesDirs = packageDirs.map((dir) => join(dir, '.api-types'));
  await Promise.all(packageDirs.map((dir, i) => emitDeclarations(dir, typesDirs[i]!)));
  return packageDirs.flatMap((dir, i) =>
    entryPoints(dir).map((entry) => extract(dir, typesDirs[i]!, entry, update)),
  );
}

/** The failure message: which reports differ, and the one command that updates them. */
export function describeChanges(outcomes: ReportOutcome[]): string {
  const changed = outcomes.filter((outcome) => outcome.changed);
  return [
    `The public API changed, but the committed API report did not, for: ${changed.map((o) => o.entryPoint).join(', ')}`,
    ...changed.map((o) => `  ${o.report} (the current surface is in ${o.newReport})`),
    `If the change is intended, run \`${updateCommand}\` and commit the updated api/*.api.md files.`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const update = process.argv.includes('--update');
  const outcomes = await apiReports(update);
  for (const outcome of outcomes) {
    for (const problem of outcome.problems) console.warn(`${outcome.entryPoint}: ${problem}`);
    const state = outcome.changed ? (update ? 'updated' : 'CHANGED') : 'unchanged';
    console.log(`${state.padEnd(9)} ${outcome.report}  (${outcome.entryPoint})`);
  }
  if (!update && outcomes.some((outcome) => outcome.changed)) {
    console.error(`\n${describeChanges(outcomes)}`);
    process.exit(1);
  }
}
